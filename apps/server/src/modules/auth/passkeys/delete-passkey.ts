import { AppError } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { recordEvent } from '../../../events/record-event';
import { transactionWithEvents } from '../../../events/transaction-with-events';
import type { AppDeps } from '../../../app-deps';
import { passkeys } from '../../../db/schema/sign-in';
import type { RequestContext } from '../../../http/request-context';

/**
 * DELETE /api/auth/passkeys/:id: deletes one of the signed-in user's passkeys, audited
 * (`passkey.removed`) from the domain event recorded in the same transaction.
 * @throws AppError `not-found` (404) for another user's (or organisation's) passkey or a missing one.
 */
export async function deletePasskey(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  await transactionWithEvents(deps, async (tx) => {
    const deleted = await tx
      .delete(passkeys)
      .where(
        and(
          eq(passkeys.id, id),
          eq(passkeys.organizationId, ctx.organizationId),
          eq(passkeys.userId, ctx.userId),
        ),
      )
      .returning({ id: passkeys.id });
    if (deleted.length === 0) throw new AppError('not-found', 'Passkey not found');
    await recordEvent(tx, {
      name: 'passkey.removed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { passkeyId: id },
    });
  });
}
