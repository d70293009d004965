import type { DomainEvent } from '@accueil/domain';
import { defineSubscriber } from '../../events/event-subscriber';
import { AUDITED_EVENT_NAMES, auditEntryOf, type AuditedEventName } from './audit-entries';
import { recordAuditEvent } from './record-audit-event';

/**
 * The audit log's entries for domain events (docs/behaviour/events.md, docs/behaviour/security.md
 * "Audit log"): on each event `AUDIT_ENTRIES` lists, its entry (action, target, details from
 * the table), with the event's actor (their name looked up now), the request's address and user
 * agent, at the instant of the change (`occurredAt`). Written after the change's commit, in the
 * organisation's chain at its turn (`seq`), in its own transaction. Idempotent: the entry
 * carries the event's id (`audit_events.event_id`, unique), so a redelivered event writes no
 * second entry.
 */
export const auditSubscriber = defineSubscriber({
  name: 'audit.record',
  events: AUDITED_EVENT_NAMES,
  handle: async (deps, event: DomainEvent<AuditedEventName>, { eventId }) => {
    await deps.db.transaction((tx) =>
      recordAuditEvent(tx, {
        ...auditEntryOf(event),
        organizationId: event.organizationId,
        actor: event.actorUserId ? { userId: event.actorUserId } : null,
        source: { ip: event.ip, userAgent: event.userAgent },
        now: event.occurredAt,
        eventId,
      }),
    );
  },
});
