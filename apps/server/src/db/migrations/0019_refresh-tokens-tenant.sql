-- Refresh tokens belong to a session of an organisation: they carry its organization_id and
-- row-level security like every tenant table.
ALTER TABLE "refresh_tokens" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "refresh_tokens" r SET "organization_id" = s."organization_id" FROM "sessions" s WHERE s."id" = r."session_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "refresh_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "refresh_tokens" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());
