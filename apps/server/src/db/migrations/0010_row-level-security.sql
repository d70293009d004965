-- Row-level security, the second wall of tenancy (docs/behaviour/security.md, "Row-level security").
-- The app's statements run as accueil_app (no superuser, no BYPASSRLS): the drivers switch to it
-- and put the caller's scope in two transaction- or connection-level settings (db/tenant-drivers.ts).
-- A role belongs to the whole PostgreSQL cluster, not to one database: several databases (tests,
-- CI, a second installation) may create it at the same moment, so creating it is idempotent.
DO $$
BEGIN
  BEGIN
    CREATE ROLE accueil_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL;
  END;
  -- A non-superuser owner needs membership to SET ROLE to it (a superuser may always).
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    BEGIN
      EXECUTE format('GRANT accueil_app TO %I', current_user);
    EXCEPTION WHEN OTHERS THEN
      RAISE WARNING 'could not grant accueil_app to %: %', current_user, SQLERRM;
    END;
  END IF;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO accueil_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO accueil_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO accueil_app;--> statement-breakpoint
-- Tables and sequences later migrations create get the same grants (an append-only table
-- revokes UPDATE and DELETE in its own migration).
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO accueil_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO accueil_app;--> statement-breakpoint
-- The scope: the organisation of the request or job, or a named cross-tenant access. Unset or
-- empty (the value a transaction-local setting leaves behind) means none: no row passes.
CREATE OR REPLACE FUNCTION accueil_organization_id() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.organization_id', true), '')::uuid $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION accueil_system_access() RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT coalesce(current_setting('app.system_access', true) = 'on', false) $$;--> statement-breakpoint
ALTER TABLE "organizations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "organizations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "organizations" TO accueil_app
  USING (id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "users" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sessions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sessions" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "teams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "teams" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "teams" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "team_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "team_members" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "team_members" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "contacts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contacts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "contacts" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "conversations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "conversations" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "messages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "messages" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "idempotency_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "idempotency_keys" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "idempotency_keys" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "appointments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "appointments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "appointments" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "availability_categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "availability_categories" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "availability_categories" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "professionals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "professionals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "professionals" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "password_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "password_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "password_tokens" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "contact_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contact_imports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "contact_imports" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "contact_import_skipped_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contact_import_skipped_rows" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "contact_import_skipped_rows" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());--> statement-breakpoint
ALTER TABLE "user_phone_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_phone_lines" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "user_phone_lines" TO accueil_app
  USING (organization_id = accueil_organization_id() OR accueil_system_access())
  WITH CHECK (organization_id = accueil_organization_id() OR accueil_system_access());
