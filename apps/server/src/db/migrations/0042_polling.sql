CREATE TABLE "polling_counters" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"purged_through" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "polling_events" (
	"organization_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"team_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "polling_events_organization_id_seq_pk" PRIMARY KEY("organization_id","seq")
);
--> statement-breakpoint
ALTER TABLE "polling_counters" ADD CONSTRAINT "polling_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polling_events" ADD CONSTRAINT "polling_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polling_events" ADD CONSTRAINT "polling_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "polling_events_created_at_idx" ON "polling_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "polling_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "polling_counters" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "polling_counters" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));--> statement-breakpoint
ALTER TABLE "polling_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "polling_events" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "polling_events" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
