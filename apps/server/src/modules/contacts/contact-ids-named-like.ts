import { sql, type SQL } from 'drizzle-orm';

/**
 * A sub-select for another module's query (the conversations search): the ids of the
 * organisation's contacts whose full name (first + ' ' + last) matches the ILIKE `pattern`
 * (already escaped); read through the trigram index on names.
 */
export function contactIdsNamedLike(organizationId: string, pattern: string): SQL {
  return sql`select k.id from contacts k where k.organization_id = ${organizationId} and (k.first_name || ' ' || k.last_name) ilike ${pattern}`;
}
