-- The contacts search looks in a contact's secondary addresses (its primary ones are searched as
-- their copy in contacts.search_text): a trigram index of those only, as contacts_search_trgm_idx.
CREATE INDEX "contact_addresses_secondary_trgm_idx" ON "contact_addresses" USING gin ("address" gin_trgm_ops) WHERE "contact_addresses"."position" > 0;