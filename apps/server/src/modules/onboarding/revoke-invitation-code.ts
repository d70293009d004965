import { AppError } from '@accueil/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { invitationCodes } from '../../db/schema/invitation-codes';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { authorizeInvitationCodes } from './onboarding.policy';

/**
 * DELETE /api/devops/invitation-codes/:id: an open code expires now (kept in the list as
 * expired). Recorded (`invitation-code.revoked`) in the devops user's organisation's audit log,
 * in the same transaction.
 * @throws AppError 'forbidden' unless devops; 'not-found' for an unknown, used or expired code.
 */
export async function revokeInvitationCode(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  now = new Date(),
): Promise<void> {
  authorizeInvitationCodes(ctx);
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(invitationCodes)
      .set({ expiresAt: now })
      .where(
        and(eq(invitationCodes.id, id), isNull(invitationCodes.usedAt), gt(invitationCodes.expiresAt, now)),
      )
      .returning({ id: invitationCodes.id, label: invitationCodes.label });
    if (rows.length === 0) throw new AppError('not-found', 'No open invitation code with this id');
    await recordAuditEvent(tx, {
      organizationId: ctx.organizationId,
      actor: { userId: ctx.userId },
      action: 'invitation-code.revoked',
      target: { type: 'invitation-code', id },
      details: { label: rows[0]!.label },
      now,
    });
  });
}
