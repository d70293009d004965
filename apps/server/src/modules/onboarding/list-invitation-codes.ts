import type { InvitationCode } from '@accueil/domain';
import { desc } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { invitationCodes } from '../../db/schema/invitation-codes';
import { withSystemAccess } from '../../db/tenant-scope';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationNames } from '../organizations/index';
import { getAnyUserName } from '../users/index';
import { presentInvitationCode } from './invitation-codes.presenter';
import { authorizeInvitationCodes } from './onboarding.policy';

/**
 * GET /api/devops/invitation-codes: the 200 newest codes (every devops user's), with who created
 * each and the organisation that used it (names read with the `devops-panel` access: they
 * belong to other organisations).
 * @throws AppError 'forbidden' unless devops.
 */
export async function listInvitationCodes(
  deps: AppDeps,
  ctx: RequestContext,
  now = new Date(),
): Promise<{ items: InvitationCode[] }> {
  authorizeInvitationCodes(ctx);
  const rows = await deps.db
    .select()
    .from(invitationCodes)
    .orderBy(desc(invitationCodes.createdAt))
    .limit(200);
  const { organizations, creators } = await withSystemAccess('devops-panel', async () => {
    const organizations = await getOrganizationNames(
      deps,
      rows.flatMap((r) => (r.usedByOrganizationId ? [r.usedByOrganizationId] : [])),
    );
    const creators = new Map<string, string | null>();
    for (const id of new Set(rows.flatMap((r) => (r.createdByUserId ? [r.createdByUserId] : []))))
      creators.set(id, await getAnyUserName(deps, id));
    return { organizations, creators };
  });
  return {
    items: rows.map((r) =>
      presentInvitationCode(
        r,
        {
          createdBy: r.createdByUserId ? (creators.get(r.createdByUserId) ?? null) : null,
          organization: r.usedByOrganizationId ? (organizations.get(r.usedByOrganizationId) ?? null) : null,
        },
        now,
      ),
    ),
  };
}
