DROP INDEX "conversations_org_idx";--> statement-breakpoint
DROP INDEX "messages_org_idx";--> statement-breakpoint
DROP INDEX "calls_org_idx";--> statement-breakpoint
CREATE INDEX "conversations_org_created_idx" ON "conversations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_org_created_idx" ON "messages" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_org_started_idx" ON "calls" USING btree ("organization_id","started_at");