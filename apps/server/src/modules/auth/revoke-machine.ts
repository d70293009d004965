import { AppError } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import { allowedMachines } from '../../db/schema/sign-in';
import type { RequestContext } from '../../http/request-context';
import { authorizeSignInRestrictions } from './sign-in-security.policy';

/**
 * DELETE /api/auth/machines/:id (administrators): removes a machine from the allowlist. In
 * `enabled` mode its users can no longer sign in from it (sessions already open go on).
 * Audited (`machine.revoked`) from the domain event recorded in the same transaction.
 * @throws AppError `forbidden` (403), `not-found` (404: missing or another organisation's).
 */
export async function revokeMachine(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  authorizeSignInRestrictions(ctx);
  await transactionWithEvents(deps, async (tx) => {
    const [deleted] = await tx
      .delete(allowedMachines)
      .where(and(eq(allowedMachines.id, id), eq(allowedMachines.organizationId, ctx.organizationId)))
      .returning({ id: allowedMachines.id, name: allowedMachines.name });
    if (!deleted) throw new AppError('not-found', 'Machine not found');
    await recordEvent(tx, {
      name: 'machine.revoked',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { machineId: id, name: deleted.name },
    });
  });
}
