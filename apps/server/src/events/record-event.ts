import {
  DOMAIN_EVENT_PAYLOADS,
  type DomainEvent,
  type DomainEventName,
  type DomainEventPayload,
} from '@accueil/domain';
import type { DbOrTx } from '../db/client';
import { domainEvents } from '../db/schema/domain-events';
import { currentRequestSource, type RequestSource } from '../http/request-source';
import { recordedInTransaction } from './events-of-transaction';

/** What a use case records: an event of the closed set (packages/domain), in one organisation. */
export type NewDomainEvent<N extends DomainEventName = DomainEventName> = {
  [K in N]: {
    name: K;
    organizationId: string;
    /** The user who did it; null for the system, a carrier or a contact. */
    actorUserId: string | null;
    payload: DomainEventPayload<K>;
    /** Default: now. */
    occurredAt?: Date;
    /** Where the change was asked from; by default the running request's address and user agent. */
    source?: RequestSource;
  };
}[N];

/**
 * An event written to the outbox: hand it to `dispatchEvents` once the transaction committed.
 * `event`: what was recorded (for the subscribers run after the commit); absent when the event
 * is read back by id only (the sweeper's), which runs none of them.
 */
export type RecordedEvent = {
  id: string;
  organizationId: string;
  name: DomainEventName;
  event?: DomainEvent;
};

/**
 * Writes `event` to the outbox (`domain_events`) with `tx`, the transaction of the change it
 * tells: committed together, or rolled back together (no event for a change that did not
 * happen), with where the change was asked from (`source`, by default the running request's:
 * the audit subscriber records it). Nothing is delivered yet: after the commit,
 * `dispatchEvents(deps, [recorded])` runs the after-commit subscribers and sends its delivery
 * job — done by `transactionWithEvents` for the events recorded in its transaction; an event
 * never dispatched is found by the sweeper within about a minute.
 * @throws ZodError when the payload does not match the event's schema.
 */
export async function recordEvent(tx: DbOrTx, event: NewDomainEvent): Promise<RecordedEvent> {
  const payload = DOMAIN_EVENT_PAYLOADS[event.name].parse(event.payload);
  const source = event.source ?? currentRequestSource();
  const recorded = {
    name: event.name,
    organizationId: event.organizationId,
    actorUserId: event.actorUserId,
    payload,
    occurredAt: event.occurredAt ?? new Date(),
    ip: source.ip,
    userAgent: source.userAgent,
  } as DomainEvent;
  const [row] = await tx.insert(domainEvents).values(recorded).returning({ id: domainEvents.id });
  const result = { id: row!.id, organizationId: event.organizationId, name: event.name, event: recorded };
  recordedInTransaction(result);
  return result;
}
