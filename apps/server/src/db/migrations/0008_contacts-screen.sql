-- Accent-insensitive search: unaccent() is only STABLE (its dictionary could change), so an
-- IMMUTABLE wrapper naming the dictionary lets generated columns and indexes use it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE TABLE "contact_import_skipped_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"reason" text NOT NULL,
	"cells" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"file" "bytea",
	"status" text DEFAULT 'queued' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "gender" text DEFAULT 'male' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "contact_since" date;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone_line_type" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "linked_to_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "relation" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(contacts_unaccent(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')))) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sort_key" text GENERATED ALWAYS AS (lower(contacts_unaccent(last_name || ' ' || first_name))) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_import_skipped_rows" ADD CONSTRAINT "contact_import_skipped_rows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_skipped_rows" ADD CONSTRAINT "contact_import_skipped_rows_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_import_skipped_rows_import_idx" ON "contact_import_skipped_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "contact_imports_org_idx" ON "contact_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_linked_to_fk" FOREIGN KEY ("linked_to_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_org_sort_idx" ON "contacts" USING btree ("organization_id","sort_key","id");--> statement-breakpoint
CREATE INDEX "contacts_linked_to_idx" ON "contacts" USING btree ("linked_to_id");--> statement-breakpoint
-- Contacts that already share a phone become linked contacts of the oldest one (relation none):
-- a phone is unique among an organisation's main contacts from now on.
UPDATE "contacts" AS c SET "linked_to_id" = first."id", "relation" = 'none'
  FROM (SELECT DISTINCT ON ("organization_id", "phone") "id", "organization_id", "phone" FROM "contacts"
        WHERE "phone" IS NOT NULL ORDER BY "organization_id", "phone", "created_at", "id") AS first
  WHERE c."organization_id" = first."organization_id" AND c."phone" = first."phone" AND c."id" <> first."id";--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_org_main_phone_uq" ON "contacts" USING btree ("organization_id","phone") WHERE "contacts"."linked_to_id" is null and "contacts"."phone" is not null;