-- A contact's addresses (docs/architecture.md, "Channels"), as Chatwoot's contact_inbox: one row
-- per (contact, kind, address), normalised (E.164 phone; lower-case trimmed e-mail); position 0 is
-- the primary address of its kind, which contacts.phone / contacts.email keep a copy of.
CREATE TABLE "contact_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_addresses_kind_ck" CHECK ("contact_addresses"."kind" IN ('phone', 'email'))
);
--> statement-breakpoint
DROP INDEX "contacts_org_phone_idx";--> statement-breakpoint
ALTER TABLE "contact_addresses" ADD CONSTRAINT "contact_addresses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_addresses" ADD CONSTRAINT "contact_addresses_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_addresses_org_kind_address_idx" ON "contact_addresses" USING btree ("organization_id","kind","address");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_addresses_contact_kind_address_uq" ON "contact_addresses" USING btree ("contact_id","kind","address");--> statement-breakpoint
-- Every existing contact's phone and e-mail become its primary addresses (before row-level
-- security is forced, so the migration's role sees every organisation's contacts).
INSERT INTO "contact_addresses" ("organization_id", "contact_id", "kind", "address", "position", "created_at")
  SELECT "organization_id", "id", 'phone', btrim("phone"), 0, "created_at" FROM "contacts" WHERE nullif(btrim("phone"), '') IS NOT NULL
  UNION ALL
  SELECT "organization_id", "id", 'email', lower(btrim("email")), 0, "created_at" FROM "contacts" WHERE nullif(btrim("email"), '') IS NOT NULL;--> statement-breakpoint
-- The one place that keeps the addresses in step with the contact's phone and e-mail columns
-- (every writer of contacts goes through it: API, import, bookings, seeds): a changed value
-- replaces the primary address of its kind (a known secondary one is promoted instead).
CREATE FUNCTION "contacts_sync_addresses"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  phone_changed boolean := TG_OP = 'INSERT';
  email_changed boolean := TG_OP = 'INSERT';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    phone_changed := NEW.phone IS DISTINCT FROM OLD.phone;
    email_changed := NEW.email IS DISTINCT FROM OLD.email;
    DELETE FROM contact_addresses
      WHERE contact_id = NEW.id AND position = 0
        AND ((kind = 'phone' AND phone_changed) OR (kind = 'email' AND email_changed));
  END IF;
  INSERT INTO contact_addresses (organization_id, contact_id, kind, address, position)
    SELECT NEW.organization_id, NEW.id, a.kind, a.address, 0
    FROM (VALUES ('phone', nullif(btrim(NEW.phone), ''), phone_changed),
                 ('email', nullif(lower(btrim(NEW.email)), ''), email_changed)) AS a(kind, address, changed)
    WHERE a.changed AND a.address IS NOT NULL
    ON CONFLICT (contact_id, kind, address) DO UPDATE SET position = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contacts_sync_addresses" AFTER INSERT OR UPDATE OF "phone", "email" ON "contacts"
  FOR EACH ROW EXECUTE FUNCTION "contacts_sync_addresses"();--> statement-breakpoint
ALTER TABLE "contact_addresses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contact_addresses" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "contact_addresses" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
