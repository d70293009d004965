import { tierAllows, type OrganizationTier } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { organizations } from '../../db/schema/organizations';

/**
 * The organisation's tier: its permission codes (1 outgoing calls, 2 transfer to extensions,
 * 3 single team; null without tier data) and what they allow (without tier data: outgoing
 * calls allowed, transfer off, several teams). Null when the organisation does not exist.
 */
export async function getOrganizationTier(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
): Promise<OrganizationTier | null> {
  const [row] = await deps.db
    .select({ permissions: organizations.tierPermissions })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) return null;
  return { organizationId, permissions: row.permissions, ...tierAllows(row.permissions) };
}
