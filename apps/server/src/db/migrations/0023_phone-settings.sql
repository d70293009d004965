CREATE TABLE "phone_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"incoming_calls_enabled" boolean DEFAULT true NOT NULL,
	"queue_message" text,
	"queue_repeat_pause_seconds" integer DEFAULT 30 NOT NULL,
	"park_slots" integer DEFAULT 3 NOT NULL,
	"sip_domain" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"username" text NOT NULL,
	"display_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_voice_queues" (
	"team_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "team_voice_queues_team_id_pk" PRIMARY KEY("team_id")
);
--> statement-breakpoint
CREATE TABLE "transfer_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"extension" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voicemail_greetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"team_id" uuid,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'TTS' NOT NULL,
	"text" text,
	"audio" "bytea",
	"audio_media_type" text,
	"audio_duration_seconds" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_settings" ADD CONSTRAINT "phone_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_users" ADD CONSTRAINT "sip_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_voice_queues" ADD CONSTRAINT "team_voice_queues_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_voice_queues" ADD CONSTRAINT "team_voice_queues_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_extensions" ADD CONSTRAINT "transfer_extensions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemail_greetings" ADD CONSTRAINT "voicemail_greetings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemail_greetings" ADD CONSTRAINT "voicemail_greetings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sip_users_org_username_uq" ON "sip_users" USING btree ("organization_id","username");--> statement-breakpoint
CREATE INDEX "team_voice_queues_org_idx" ON "team_voice_queues" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "transfer_extensions_org_idx" ON "transfer_extensions" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "voicemail_greetings_scope_kind_uq" ON "voicemail_greetings" USING btree ("organization_id",coalesce("team_id", '00000000-0000-0000-0000-000000000000'::uuid),"kind");--> statement-breakpoint
ALTER TABLE "phone_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "phone_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "phone_settings" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());
--> statement-breakpoint
ALTER TABLE "team_voice_queues" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "team_voice_queues" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "team_voice_queues" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());
--> statement-breakpoint
ALTER TABLE "voicemail_greetings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "voicemail_greetings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "voicemail_greetings" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());
--> statement-breakpoint
ALTER TABLE "transfer_extensions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "transfer_extensions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "transfer_extensions" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());
--> statement-breakpoint
ALTER TABLE "sip_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sip_users" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sip_users" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());
