CREATE TABLE "automatic_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"team_id" uuid,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automatic_reply_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"message_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "automatic_replies" ADD CONSTRAINT "automatic_replies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_replies" ADD CONSTRAINT "automatic_replies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_reply_sends" ADD CONSTRAINT "automatic_reply_sends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_reply_sends" ADD CONSTRAINT "automatic_reply_sends_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_replies_scope_kind_uq" ON "automatic_replies" USING btree ("organization_id",coalesce("team_id", '00000000-0000-0000-0000-000000000000'::uuid),"kind");--> statement-breakpoint
CREATE UNIQUE INDEX "automatic_reply_sends_period_uq" ON "automatic_reply_sends" USING btree ("conversation_id","period_key");--> statement-breakpoint
CREATE INDEX "automatic_reply_sends_recent_idx" ON "automatic_reply_sends" USING btree ("conversation_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "automatic_reply_sends_org_idx" ON "automatic_reply_sends" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "automatic_replies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "automatic_replies" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "automatic_replies" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());
--> statement-breakpoint
ALTER TABLE "automatic_reply_sends" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "automatic_reply_sends" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "automatic_reply_sends" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());
