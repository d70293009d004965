ALTER TABLE "audit_events" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_event_id_uq" ON "audit_events" USING btree ("event_id");