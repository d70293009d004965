-- Attachments (docs/behaviour/attachments.md): files uploaded for messages or received with them, their bytes in the storage carrier; a multimedia text reaches a simulated phone with its files.
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"message_id" uuid,
	"attached_at" timestamp with time zone,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"resized" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_message_idx" ON "attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "attachments_org_created_idx" ON "attachments" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "attachments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "attachments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "attachments" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
