import type { OrganizationSettings } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { presentOrganizationSettings } from './organizations.presenter';

/**
 * The settings of an organisation (names, logo, country, sector, services, contact details,
 * time zone, options), or null when it does not exist. Not scoped by a request: callers that
 * answer a user check the policy first (`authorizeOrganization`). Other modules read options
 * here (e.g. `options.endOlderSessionOnNewSignIn`, `options.auth`).
 */
export async function getOrganizationSettings(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  tx: DbOrTx = deps.db,
): Promise<OrganizationSettings | null> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row ? presentOrganizationSettings(row) : null;
}
