import { AppError } from '@accueil/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import { invitationCodes } from '../../db/schema/invitation-codes';
import type { RequestContext } from '../../http/request-context';
import { authorizeInvitationCodes } from './onboarding.policy';

/**
 * DELETE /api/devops/invitation-codes/:id: an open code expires now (kept in the list as
 * expired). Recorded (`invitation-code.revoked`) in the devops user's organisation's audit log,
 * from the domain event recorded in the same transaction.
 * @throws AppError 'forbidden' unless devops; 'not-found' for an unknown, used or expired code.
 */
export async function revokeInvitationCode(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  now = new Date(),
): Promise<void> {
  authorizeInvitationCodes(ctx);
  await transactionWithEvents(deps, async (tx) => {
    const rows = await tx
      .update(invitationCodes)
      .set({ expiresAt: now })
      .where(
        and(eq(invitationCodes.id, id), isNull(invitationCodes.usedAt), gt(invitationCodes.expiresAt, now)),
      )
      .returning({ id: invitationCodes.id, label: invitationCodes.label });
    if (rows.length === 0) throw new AppError('not-found', 'No open invitation code with this id');
    await recordEvent(tx, {
      name: 'invitation-code.revoked',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { invitationCodeId: id, label: rows[0]!.label },
      occurredAt: now,
    });
  });
}
