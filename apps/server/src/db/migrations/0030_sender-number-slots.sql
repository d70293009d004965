-- Per-number send slots (docs/behaviour/messages.md, "Carriers' per-number rates"): the next free
-- instant of each sender number, for a carrier that accepts a limited rate per number.
CREATE TABLE "sender_number_slots" (
	"organization_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"claimed_from" timestamp with time zone DEFAULT now() NOT NULL,
	"next_free_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_number_slots_organization_id_phone_number_pk" PRIMARY KEY("organization_id","phone_number")
);
--> statement-breakpoint
ALTER TABLE "sender_number_slots" ADD CONSTRAINT "sender_number_slots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_number_slots" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sender_number_slots" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sender_number_slots" TO accueil_app
  USING (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()))
  WITH CHECK (organization_id = (SELECT accueil_organization_id()) OR (SELECT accueil_system_access()));
