import type { OrganizationSettings } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { organizationLogos, organizations } from '../../db/schema/organizations';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { getOrganizationSettings } from './get-organization-settings';
import { organizationNotFound } from './organizations.policy';

/**
 * Removes the request's organisation's logo (the caller checked the policy), recording
 * `organization.settings-changed` (field `logo`) when there was one. Returns the settings, `logoUrl` null.
 */
export async function deleteOrganizationLogo(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
): Promise<OrganizationSettings> {
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(organizationLogos)
      .where(eq(organizationLogos.organizationId, ctx.organizationId))
      .returning({ id: organizationLogos.organizationId });
    await tx
      .update(organizations)
      .set({ logoUpdatedAt: null })
      .where(eq(organizations.id, ctx.organizationId));
    if (removed.length > 0) {
      await recordAuditEvent(tx, {
        organizationId: ctx.organizationId,
        actor: { userId: ctx.userId },
        action: 'organization.settings-changed',
        target: { type: 'organization', id: ctx.organizationId },
        details: { fields: ['logo'] },
      });
    }
  });
  const settings = await getOrganizationSettings(deps, ctx.organizationId);
  if (!settings) throw organizationNotFound();
  return settings;
}
