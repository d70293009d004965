import type { DomainEvent } from '@accueil/domain';
import { defineSubscriber } from '../../events/event-subscriber';
import { announceEndedSessions } from '../auth/index';

/**
 * Realtime of users' domain events, run right after the change's commit in the process that
 * made it (`after-commit`: at most once; a tab that missed it finds its session refused at its
 * next request, docs/behaviour/realtime.md): on `user.disabled` and `user.disconnected`,
 * `session:revoked` to the user for each session the change ended, with its reason (`disabled`,
 * `forced-disconnect`), which closes their sockets and shows the forced-disconnect dialog.
 */
export const userRealtimeSubscriber = defineSubscriber({
  name: 'users.realtime',
  events: ['user.disabled', 'user.disconnected'],
  delivery: 'after-commit',
  handle: (deps, event: DomainEvent<'user.disabled' | 'user.disconnected'>) => {
    announceEndedSessions(deps, {
      userId: event.payload.userId,
      sessionIds: event.payload.sessionIds,
      reason: event.name === 'user.disabled' ? 'disabled' : 'forced-disconnect',
    });
    return Promise.resolve();
  },
});
