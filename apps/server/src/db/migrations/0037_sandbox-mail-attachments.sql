CREATE TABLE "sandbox_mail_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content_id" text,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_mail_attachments" ADD CONSTRAINT "sandbox_mail_attachments_mail_id_sandbox_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."sandbox_mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_mail_attachments_mail_idx" ON "sandbox_mail_attachments" USING btree ("mail_id","position");