import { AppError } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { announceEndedSessions, endUserSessions } from '../auth/index';
import { findUserRow } from './user-accounts';
import { authorizeForceDisconnect } from './users.policy';

/**
 * POST /api/users/:id/force-disconnect (administrators): ends every session of the user. Their
 * refresh tokens are refused and each request answers 401 at once; their sockets close within
 * a second on every server process after `session:revoked { reason: 'forced-disconnect' }`,
 * which their tabs show as the forced-disconnect dialog. They may sign in again. Not oneself:
 * one's own sessions end by signing out (of every device). Audited
 * (`session.forced-disconnect`, with the number of sessions ended) in the same transaction.
 * @throws AppError `not-found` (404, another organisation's user too), `forbidden` (403).
 */
export async function forceDisconnect(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  const sessionIds = await deps.db.transaction(async (tx) => {
    authorizeForceDisconnect(ctx, await findUserRow(tx, ctx.organizationId, id));
    if (id === ctx.userId)
      throw new AppError('forbidden', 'To end your own sessions, sign out of every device');
    const ended = await endUserSessions(tx, { userId: id });
    await recordAuditEvent(tx, {
      organizationId: ctx.organizationId,
      actor: { userId: ctx.userId },
      action: 'session.forced-disconnect',
      target: { type: 'user', id },
      details: { sessionsEnded: ended.length },
    });
    return ended;
  });
  announceEndedSessions(deps, { userId: id, sessionIds, reason: 'forced-disconnect' });
}
