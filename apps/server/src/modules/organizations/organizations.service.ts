import type { Organization } from '@accueil/domain';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { presentOrganization } from './organizations.presenter';

/**
 * An organisation by id, as the API presents it, or null when it does not exist.
 * `tx` lets a caller read inside its own transaction (default: `deps.db`).
 */
export async function getOrganization(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  tx: DbOrTx = deps.db,
): Promise<Organization | null> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ? presentOrganization(row) : null;
}

/**
 * The organisation's country (ISO 3166 alpha-2), to read numbers typed without +; 'CA' when
 * the organisation is gone. `tx` as in `getOrganization`.
 */
export async function getOrganizationCountry(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  tx: DbOrTx = deps.db,
): Promise<string> {
  return (await getOrganization(deps, id, tx))?.country ?? 'CA';
}

/** True when at least one organisation exists (the demo seed runs only on an empty installation). */
export async function anyOrganizationExists(deps: Pick<AppDeps, 'db'>): Promise<boolean> {
  const rows = await deps.db.select({ id: organizations.id }).from(organizations).limit(1);
  return rows.length > 0;
}

/** Names of the given organisations, by id (unknown ids are absent). */
export async function getOrganizationNames(
  deps: Pick<AppDeps, 'db'>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
