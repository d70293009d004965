import type { InvitationCode } from '@accueil/domain';
import type { invitationCodes } from '../../db/schema/invitation-codes';

export type InvitationCodeRow = typeof invitationCodes.$inferSelect;

/**
 * Row → API shape, never the hash. `status`: `used` once an organisation onboarded with it,
 * `expired` past its `expiresAt` (a revoked code expires at once), else `open`.
 */
export function presentInvitationCode(
  row: InvitationCodeRow,
  names: { createdBy: string | null; organization: string | null },
  now: Date,
): InvitationCode {
  const status = row.usedAt ? 'used' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
  return {
    id: row.id,
    label: row.label,
    status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    createdBy: row.createdByUserId ? { id: row.createdByUserId, name: names.createdBy ?? '' } : null,
    organization: row.usedByOrganizationId
      ? { id: row.usedByOrganizationId, name: names.organization ?? '' }
      : null,
  };
}
