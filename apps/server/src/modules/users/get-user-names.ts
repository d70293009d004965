import { localeSchema, type Locale } from '@accueil/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

/** Display names ("First Last") of the organisation's users among `ids`, by id (others absent). */
export async function getUserNames(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  ids: readonly string[],
  tx: DbOrTx = deps.db,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/**
 * The display name of one user, or null; of any organisation the caller's scope sees (an
 * impersonation names its devops user, who belongs to another organisation, read with the
 * `impersonation` access).
 */
export async function getAnyUserName(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  tx: DbOrTx = deps.db,
): Promise<string | null> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

/** The number of users of each organisation that has any, by organisation id (the devops panel's list). */
export async function countUsersByOrganization(deps: Pick<AppDeps, 'db'>): Promise<Map<string, number>> {
  const rows = await deps.db
    .select({ organizationId: users.organizationId, n: count(users.id) })
    .from(users)
    .groupBy(users.organizationId);
  return new Map(rows.map((r) => [r.organizationId, Number(r.n)]));
}

/**
 * The interface language of a user of `organizationId` (their profile's), or null when there is
 * no such user: what a push to them is written in (docs/behaviour/notifications.md).
 */
export async function getUserLocale(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  id: string,
): Promise<Locale | null> {
  const [row] = await deps.db
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
  if (!row) return null;
  const locale = localeSchema.safeParse(row.locale);
  return locale.success ? locale.data : 'fr-CA';
}
