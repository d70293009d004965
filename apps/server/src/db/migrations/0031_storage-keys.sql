-- Files move to the storage carrier (docs/carriers.md, "Storage"): each row that names a file keeps
-- its storage key and size; the bytes that were kept in the database (logos, greetings' audio,
-- import files) are copied out by moveBlobsToStorage at start, which then empties the bytea column.
-- The bytea columns stay until every process has moved its rows (a later migration drops them).
ALTER TABLE "organization_logos" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_logos" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "organization_logos" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "file_storage_key" text;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "voicemail_greetings" ADD COLUMN "audio_storage_key" text;--> statement-breakpoint
ALTER TABLE "voicemail_greetings" ADD COLUMN "audio_size" integer;