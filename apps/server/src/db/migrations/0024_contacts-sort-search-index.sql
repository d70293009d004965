-- The contacts list's order index carries the search text too, so a search that matches many
-- contacts walks the list's order in the index alone (an index-only scan, no table read) and
-- tests the term there (modules/contacts/contact-search.ts). `search_text` is a key column, not
-- INCLUDE (which drizzle cannot declare): after the unique (sort_key, id) it changes no order.
-- The new index first, so the list is never without one.
CREATE INDEX "contacts_org_sort_search_idx" ON "contacts" USING btree ("organization_id","sort_key","id","search_text");--> statement-breakpoint
DROP INDEX "contacts_org_sort_idx";
