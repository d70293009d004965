-- How a team's mailbox signs in (docs/behaviour/email.md): a password, or an OAuth 2 grant (Gmail's and Outlook's APIs, or IMAP and SMTP with XOAUTH2).
ALTER TABLE "team_mailboxes" ADD COLUMN "auth_method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
UPDATE "team_mailboxes" SET "auth_method" = 'oauth2' WHERE "vendor" IN ('gmail', 'outlook');
