-- The statistics' daily roll-ups and the weekly reports (docs/behaviour/statistics.md).
CREATE TABLE "statistics_daily" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"team_id" uuid NOT NULL,
	"conversations_opened" integer DEFAULT 0 NOT NULL,
	"texts_in" integer DEFAULT 0 NOT NULL,
	"texts_out" integer DEFAULT 0 NOT NULL,
	"first_response_seconds" integer[] DEFAULT '{}' NOT NULL,
	"calls_answered" integer DEFAULT 0 NOT NULL,
	"calls_missed" integer DEFAULT 0 NOT NULL,
	"calls_voicemail" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statistics_daily_organization_id_day_team_id_pk" PRIMARY KEY("organization_id","day","team_id")
);
--> statement-breakpoint
CREATE TABLE "statistics_weekly_reports" (
	"organization_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text NOT NULL,
	"recipients" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "statistics_weekly_reports_organization_id_week_start_pk" PRIMARY KEY("organization_id","week_start"),
	CONSTRAINT "statistics_weekly_reports_status_ck" CHECK ("statistics_weekly_reports"."status" IN ('sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "statistics_daily" ADD CONSTRAINT "statistics_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_daily" ADD CONSTRAINT "statistics_daily_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_weekly_reports" ADD CONSTRAINT "statistics_weekly_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_daily" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "statistics_daily" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "statistics_daily" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));--> statement-breakpoint
ALTER TABLE "statistics_weekly_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "statistics_weekly_reports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "statistics_weekly_reports" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
