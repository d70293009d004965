CREATE TABLE "user_phone_lines" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sip_username" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_phone_lines_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "default_inbox" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profession" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_team_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_mode" text DEFAULT 'no-signature' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_phone_lines" ADD CONSTRAINT "user_phone_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_phone_lines" ADD CONSTRAINT "user_phone_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_phone_lines_org_sip_uq" ON "user_phone_lines" USING btree ("organization_id","sip_username");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_org_label_uq" ON "teams" USING btree ("organization_id",lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_email_uq" ON "users" USING btree ("organization_id",lower("email"));--> statement-breakpoint
-- Every team needs an administrator: the memberships of the organisation's administrators become the teams' administrators.
UPDATE "team_members" SET "is_admin" = true FROM "users" WHERE "users"."id" = "team_members"."user_id" AND "users"."role" IN ('admin', 'super-admin', 'devops');--> statement-breakpoint
UPDATE "users" SET "display_name" = "first_name" || ' ' || "last_name" WHERE "display_name" = '';--> statement-breakpoint
UPDATE "users" SET "default_team_id" = "current_team_id" WHERE "default_team_id" IS NULL;
