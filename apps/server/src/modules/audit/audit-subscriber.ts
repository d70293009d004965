import type { DomainEvent } from '@accueil/domain';
import { defineSubscriber } from '../../events/event-subscriber';
import { recordAuditEvent } from './record-audit-event';

/**
 * The audit log's entries for domain events (docs/behaviour/events.md, docs/behaviour/security.md
 * "Audit log"): on `user.disabled`, the entry `user.disabled` — actor the event's, target the
 * user, `details.sessionsEnded`, the request's address and user agent, at the instant of the
 * change (`occurredAt`). Written after the change's commit, in the organisation's chain at its
 * turn (`seq`), in its own transaction. Idempotent: the entry carries the event's id
 * (`audit_events.event_id`, unique), so a redelivered event writes no second entry.
 */
export const auditSubscriber = defineSubscriber({
  name: 'audit.record',
  events: ['user.disabled'],
  handle: async (deps, event: DomainEvent<'user.disabled'>, { eventId }) => {
    await deps.db.transaction((tx) =>
      recordAuditEvent(tx, {
        organizationId: event.organizationId,
        actor: event.actorUserId ? { userId: event.actorUserId } : null,
        action: 'user.disabled',
        target: { type: 'user', id: event.payload.userId },
        details: { sessionsEnded: event.payload.sessionsEnded },
        source: { ip: event.ip, userAgent: event.userAgent },
        now: event.occurredAt,
        eventId,
      }),
    );
  },
});
