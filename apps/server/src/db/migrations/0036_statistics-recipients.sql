-- The weekly statistics report's recipients (docs/behaviour/statistics.md): unique addresses per organisation.
CREATE TABLE "statistics_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statistics_recipients" ADD CONSTRAINT "statistics_recipients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statistics_recipients_org_email_uq" ON "statistics_recipients" USING btree ("organization_id","email");--> statement-breakpoint
ALTER TABLE "statistics_recipients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "statistics_recipients" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "statistics_recipients" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
