-- Secure files (docs/behaviour/secure-files.md): files sent to contacts by link and 6-digit code (hashed), requests for a file back; a message shows each one.
CREATE TABLE "secure_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"message_id" uuid,
	"contact_id" uuid,
	"attachment_id" uuid,
	"kind" text NOT NULL,
	"file_name" text,
	"file_size" integer,
	"salutation" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "secure_files_kind_ck" CHECK ("secure_files"."kind" IN ('file', 'request'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "secure_file" jsonb;--> statement-breakpoint
ALTER TABLE "secure_files" ADD CONSTRAINT "secure_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_files" ADD CONSTRAINT "secure_files_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_files" ADD CONSTRAINT "secure_files_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_files" ADD CONSTRAINT "secure_files_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_files" ADD CONSTRAINT "secure_files_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_files" ADD CONSTRAINT "secure_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "secure_files_token_uq" ON "secure_files" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "secure_files_expires_idx" ON "secure_files" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "secure_files_org_idx" ON "secure_files" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "secure_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "secure_files" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "secure_files" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
