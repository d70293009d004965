import type { DevopsOrganization } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { withSystemAccess } from '../../db/tenant-scope';
import type { RequestContext } from '../../http/request-context';
import { listAllOrganizations } from '../organizations/index';
import { countUsersByOrganization } from '../users/index';
import { authorizeImpersonation } from './impersonation.policy';

/**
 * GET /api/devops/organizations: every organisation, to choose one to impersonate (read with
 * the `devops-panel` access: the devops user's own scope shows only their organisation).
 * @throws AppError 'forbidden' unless devops.
 */
export async function listOrganizations(
  deps: AppDeps,
  ctx: RequestContext,
): Promise<{ items: DevopsOrganization[] }> {
  authorizeImpersonation(ctx);
  const [organizations, counts] = await withSystemAccess(
    'devops-panel',
    async () => [await listAllOrganizations(deps), await countUsersByOrganization(deps)] as const,
  );
  return {
    items: organizations.map((o) => ({
      ...o,
      createdAt: o.createdAt.toISOString(),
      userCount: counts.get(o.id) ?? 0,
    })),
  };
}
