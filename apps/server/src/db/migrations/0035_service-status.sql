-- The service's status (docs/behaviour/service-status.md): one installation-wide row, id 1, not a tenant's.
CREATE TABLE "service_status" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"enabled" boolean NOT NULL,
	"banner" boolean NOT NULL,
	"overlay" boolean NOT NULL,
	"dismissable" boolean NOT NULL,
	"banner_text" jsonb NOT NULL,
	"next_window_at" timestamp with time zone,
	"planned_duration_minutes" integer,
	"display_ahead_minutes" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_user_id" uuid,
	CONSTRAINT "service_status_single_row" CHECK ("service_status"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "service_status" ADD CONSTRAINT "service_status_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;