import { AppError } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { endUserSessions } from '../auth/index';
import { findUserRow } from './user-accounts';
import { authorizeForceDisconnect } from './users.policy';

/**
 * POST /api/users/:id/force-disconnect (administrators): ends every session of the user. Their
 * refresh tokens are refused and each request answers 401 at once; their sockets close within
 * a second on every server process after `session:revoked { reason: 'forced-disconnect' }`,
 * which their tabs show as the forced-disconnect dialog. They may sign in again. Not oneself:
 * one's own sessions end by signing out (of every device). Records the domain event
 * `user.disconnected` (the sessions ended) in the same transaction: after the commit the users'
 * realtime subscriber tells the tabs, and the audit writes `session.forced-disconnect`.
 * @throws AppError `not-found` (404, another organisation's user too), `forbidden` (403).
 */
export async function forceDisconnect(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  await transactionWithEvents(deps, async (tx) => {
    authorizeForceDisconnect(ctx, await findUserRow(tx, ctx.organizationId, id));
    if (id === ctx.userId)
      throw new AppError('forbidden', 'To end your own sessions, sign out of every device');
    const ended = await endUserSessions(tx, { userId: id });
    await recordEvent(tx, {
      name: 'user.disconnected',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { userId: id, sessionIds: ended },
    });
  });
}
