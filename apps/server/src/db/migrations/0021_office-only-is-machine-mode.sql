-- "Office only" (options.auth.disallowUserLoginOutsideOffice) is the machine allowlist's enabled
-- mode: an organisation with the option on and the mode disabled gets the enabled mode, and the
-- option then reads true exactly where the mode is enabled.
INSERT INTO "sign_in_settings" ("organization_id", "machine_mode", "updated_at")
SELECT "id", 'enabled', now() FROM "organizations" WHERE ("options" -> 'auth' ->> 'disallowUserLoginOutsideOffice') = 'true'
ON CONFLICT ("organization_id") DO UPDATE SET "machine_mode" = 'enabled', "updated_at" = now() WHERE "sign_in_settings"."machine_mode" = 'disabled';--> statement-breakpoint
UPDATE "organizations" o SET "options" = jsonb_set(
  coalesce(o."options", '{}'::jsonb) || jsonb_build_object('auth', coalesce(o."options" -> 'auth', '{"disallowLoginOutsideWorkHours": false}'::jsonb)),
  '{auth,disallowUserLoginOutsideOffice}',
  to_jsonb(EXISTS (SELECT 1 FROM "sign_in_settings" s WHERE s."organization_id" = o."id" AND s."machine_mode" = 'enabled'))
)
WHERE ("options" -> 'auth' ->> 'disallowUserLoginOutsideOffice') = 'true'
   OR EXISTS (SELECT 1 FROM "sign_in_settings" s WHERE s."organization_id" = o."id" AND s."machine_mode" = 'enabled');
