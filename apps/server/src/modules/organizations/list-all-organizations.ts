import { asc } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { organizations } from '../../db/schema/organizations';

/** An organisation as the devops panel lists it. */
export type OrganizationSummary = { id: string; name: string; country: string; createdAt: Date };

/**
 * Every organisation of the installation, by name: the devops panel's list (across
 * organisations on purpose; its route is for devops only).
 */
export async function listAllOrganizations(deps: Pick<AppDeps, 'db'>): Promise<OrganizationSummary[]> {
  return deps.db
    .select({
      id: organizations.id,
      name: organizations.name,
      country: organizations.country,
      createdAt: organizations.createdAt,
    })
    .from(organizations)
    .orderBy(asc(organizations.name));
}

/**
 * Every organisation's id and time zone (IANA name), across organisations on purpose: the jobs
 * that work per organisation's local day (the statistics' roll-ups and weekly report) list them.
 */
export async function listOrganizationTimeZones(
  deps: Pick<AppDeps, 'db'>,
): Promise<{ id: string; timeZone: string }[]> {
  return deps.db
    .select({ id: organizations.id, timeZone: organizations.timeZone })
    .from(organizations)
    .orderBy(asc(organizations.id));
}
