-- Channels in the data model (docs/behaviour/conversations.md, "Channels"): a conversation is
-- (team, channel, address), its channel the kind of address (phone: texts and calls; email);
-- a message says the channel it travelled on (sms, voice, email) instead of the spec's `type`.
ALTER TABLE "conversations" ADD COLUMN "channel" text DEFAULT 'phone' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
-- Every conversation so far talks to a phone number (the default above); a message's `type` was
-- 'text' or 'email'.
UPDATE "messages" SET "channel" = 'email' WHERE "type" = 'email';--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "type";--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_channel_ck" CHECK ("conversations"."channel" IN ('phone', 'email'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_ck" CHECK ("messages"."channel" IN ('sms', 'voice', 'email'));--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_team_channel_address_uq" ON "conversations" USING btree ("team_id","channel","friendly_name") WHERE "conversations"."deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX "conversations_team_number_uq";
