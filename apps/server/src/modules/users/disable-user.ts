import { AppError, isAdministrator, type UserAccount } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema/users';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { endUserSessions } from '../auth/index';
import { assertNotLastOfTeams, teamsHeldBy } from '../teams/index';
import { findUserRow, loadUserAccount } from './user-accounts';
import { assertAnotherAdministrator } from './user-rules';
import { authorizeUserManagement } from './users.policy';
import { roleOf } from './users.service';

/**
 * POST /api/users/:id/disable (administrators): the user can no longer sign in; every session
 * of theirs ends at once (refresh refused, each request answers 401) and their sockets close
 * within a second, their tabs showing the forced-disconnect dialog. Refused for oneself, for
 * the organisation's last administrator, and for the last administrator or last user of a team
 * (the message lists the teams). Records the domain event `user.disabled` (with the sessions
 * ended) in the same transaction, dispatched after the commit: the users' realtime subscriber
 * tells their tabs, the audit subscriber writes its audit entry (docs/behaviour/events.md).
 * Disabling a disabled user changes and records nothing.
 * @throws AppError `not-found` (404), `forbidden` (403), `organization-last-administrator`,
 *   `team-last-administrator`, `team-last-member` (409).
 */
export async function disableUser(deps: AppDeps, ctx: RequestContext, id: string): Promise<UserAccount> {
  return transactionWithEvents(deps, async (tx) => {
    const row = await findUserRow(tx, ctx.organizationId, id);
    authorizeUserManagement(ctx, row);
    if (row!.id === ctx.userId) throw new AppError('forbidden', 'You cannot disable your own account');
    if (row!.disabledAt) return loadUserAccount(deps, ctx.organizationId, id, tx);
    if (isAdministrator(roleOf(row!.role)))
      await assertAnotherAdministrator(tx, { organizationId: ctx.organizationId, userId: id });
    assertNotLastOfTeams(await teamsHeldBy(deps, { organizationId: ctx.organizationId, userId: id }, tx));
    const now = new Date();
    await tx
      .update(users)
      .set({ disabledAt: now })
      .where(and(eq(users.organizationId, ctx.organizationId), eq(users.id, id)));
    const sessionIds = await endUserSessions(tx, { userId: id, now });
    await recordEvent(tx, {
      name: 'user.disabled',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { userId: id, sessionIds },
      occurredAt: now,
    });
    return loadUserAccount(deps, ctx.organizationId, id, tx);
  });
}
