import type { OrganizationSettings } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import { deleteStoredFile } from '../../carriers/storage/stored-files';
import { organizationLogos, organizations } from '../../db/schema/organizations';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from './get-organization-settings';
import { organizationNotFound } from './organizations.policy';

/**
 * Removes the request's organisation's logo (the caller checked the policy), recording
 * `organization.settings-changed` (field `logo`) when there was one, then its file in the storage
 * carrier (after the commit: the row never names a missing file). Returns the settings, `logoUrl` null.
 */
export async function deleteOrganizationLogo(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'realtime' | 'jobs'>,
  ctx: RequestContext,
): Promise<OrganizationSettings> {
  const removedKey = await transactionWithEvents(deps, async (tx) => {
    const removed = await tx
      .delete(organizationLogos)
      .where(eq(organizationLogos.organizationId, ctx.organizationId))
      .returning({ storageKey: organizationLogos.storageKey });
    await tx
      .update(organizations)
      .set({ logoUpdatedAt: null })
      .where(eq(organizations.id, ctx.organizationId));
    if (removed.length > 0) {
      await recordEvent(tx, {
        name: 'organization.settings-changed',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { fields: ['logo'] },
      });
    }
    return removed[0]?.storageKey;
  });
  await deleteStoredFile(deps, removedKey);
  const settings = await getOrganizationSettings(deps, ctx.organizationId);
  if (!settings) throw organizationNotFound();
  return settings;
}
