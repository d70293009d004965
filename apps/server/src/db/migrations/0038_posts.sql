CREATE TABLE "post_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"organization_id" uuid,
	"locale" text NOT NULL,
	"section_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"parent" text,
	"position" integer NOT NULL,
	"sibling_index" integer NOT NULL,
	"checkbox" boolean DEFAULT false NOT NULL,
	"private_note" text DEFAULT '' NOT NULL,
	"sub_sections" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_versions" (
	"post_id" uuid NOT NULL,
	"organization_id" uuid,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"short" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_versions_post_id_locale_pk" PRIMARY KEY("post_id","locale")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"type" text NOT NULL,
	"alias" text NOT NULL,
	"image" text,
	"automation" boolean DEFAULT false NOT NULL,
	"draft" boolean DEFAULT true NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"catalogue_sector" text,
	"author_user_id" uuid,
	"updated_by_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_sections" ADD CONSTRAINT "post_sections_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_sections" ADD CONSTRAINT "post_sections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_sections_post_locale_section_uq" ON "post_sections" USING btree ("post_id","locale","section_id");--> statement-breakpoint
CREATE INDEX "post_versions_search_idx" ON "post_versions" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_org_alias_uq" ON "posts" USING btree ("organization_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_catalogue_alias_uq" ON "posts" USING btree ("alias") WHERE organization_id IS NULL;--> statement-breakpoint
CREATE INDEX "posts_org_type_idx" ON "posts" USING btree ("organization_id","type");--> statement-breakpoint
ALTER TABLE "posts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "posts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "posts" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
--> statement-breakpoint
ALTER TABLE "post_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "post_versions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "post_versions" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
--> statement-breakpoint
ALTER TABLE "post_sections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "post_sections" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "post_sections" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
