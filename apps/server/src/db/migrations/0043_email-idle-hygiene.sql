ALTER TABLE "email_messages" ADD COLUMN "authentication" jsonb;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "team_mailboxes" ADD COLUMN "watch_owner" text;--> statement-breakpoint
ALTER TABLE "team_mailboxes" ADD COLUMN "watch_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_messages_subject_trgm_idx" ON "email_messages" USING gin ("subject" gin_trgm_ops);