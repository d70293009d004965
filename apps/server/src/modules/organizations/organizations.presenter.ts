import type { Organization } from '@accueil/domain';
import type { organizations } from '../../db/schema/organizations';

type OrganizationRow = typeof organizations.$inferSelect;

/** Organisation row → API shape. */
export function presentOrganization(row: OrganizationRow): Organization {
  return { id: row.id, name: row.name, locale: row.locale, country: row.country, timeZone: row.timeZone };
}
