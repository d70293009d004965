-- Snooze (docs/behaviour/snooze.md): a conversation snoozed until an instant, by a member; the Snoozed list reads its few rows through a partial index.
ALTER TABLE "conversations" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "snoozed_by" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_snoozed_by_users_id_fk" FOREIGN KEY ("snoozed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_snoozed_idx" ON "conversations" USING btree ("team_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "conversations"."snoozed_until" IS NOT NULL;