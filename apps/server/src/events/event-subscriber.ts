import type { DomainEvent, DomainEventName } from '@accueil/domain';
import type { AppDeps } from '../app-deps';

/**
 * A subscriber to domain events, declared in its module's descriptor (`subscribers`, as jobs
 * are) and run by the `deliver-domain-event` job (docs/behaviour/events.md).
 * - `name`: stable and unique, `<module>.<what it does>` — deliveries are recorded under it, so
 *   renaming one makes it receive again the events it already had.
 * - `events`: the names it receives.
 * - `handle(deps, event)`: runs in the event's organisation's scope. Throwing fails the delivery
 *   (retried later, for this subscriber only). Delivery is at least once: a process dying
 *   between the handler's end and its delivery row runs it again, so a handler must be
 *   idempotent (e.g. a unique claim, as the automatic reply's per period).
 */
export type EventSubscriber<N extends DomainEventName = DomainEventName> = {
  name: string;
  events: readonly N[];
  handle(deps: AppDeps, event: DomainEvent<N>, delivery: { eventId: string }): Promise<void>;
};

/** Types a subscriber's definition (its event type narrowed to the names it receives). */
export function defineSubscriber<N extends DomainEventName>(subscriber: EventSubscriber<N>): EventSubscriber {
  // Methods are bivariant: a handler of some events is a handler of the set.
  return subscriber;
}
