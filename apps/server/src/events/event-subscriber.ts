import type { DomainEvent, DomainEventName } from '@accueil/domain';
import type { AppDeps } from '../app-deps';

/**
 * When a subscriber runs:
 * - `queued` (the default): by the `deliver-domain-event` job, at least once (retried, swept),
 *   its delivery recorded in `event_deliveries`;
 * - `after-commit`: by `dispatchEvents`, in the process that made the change, right after its
 *   commit, at most once — never retried, never swept, never run for a rolled-back change. For
 *   effects a client makes good by itself when one is lost (realtime: the web refetches on
 *   reconnect), where a job's round trip would only add delay.
 */
export type SubscriberDelivery = 'queued' | 'after-commit';

/**
 * A subscriber to domain events, declared in its module's descriptor (`subscribers`, as jobs
 * are) and run by the `deliver-domain-event` job, or after the commit (`delivery`;
 * docs/behaviour/events.md).
 * - `name`: stable and unique, `<module>.<what it does>` — deliveries are recorded under it, so
 *   renaming one makes it receive again the events it already had.
 * - `events`: the names it receives.
 * - `handle(deps, event)`: runs in the event's organisation's scope. Queued: throwing fails the
 *   delivery (retried later, for this subscriber only); delivery is at least once — a process
 *   dying between the handler's end and its delivery row runs it again, so a handler must be
 *   idempotent (e.g. a unique claim, as the automatic reply's per period). After the commit:
 *   throwing is logged (`event not delivered`) and nothing else.
 */
export type EventSubscriber<N extends DomainEventName = DomainEventName> =
  | {
      name: string;
      events: readonly N[];
      /** Default `queued`. */
      delivery?: 'queued';
      handle(deps: AppDeps, event: DomainEvent<N>, delivery: { eventId: string }): Promise<void>;
    }
  | {
      name: string;
      events: readonly N[];
      delivery: 'after-commit';
      handle(deps: AfterCommitDeps, event: DomainEvent<N>, delivery: { eventId: string }): Promise<void>;
    };

/** What an after-commit subscriber is given: what every use case that dispatches has. */
export type AfterCommitDeps = Pick<AppDeps, 'db' | 'log' | 'realtime' | 'jobs'>;

/** Types a subscriber's definition (its event type narrowed to the names it receives). */
export function defineSubscriber<N extends DomainEventName>(subscriber: EventSubscriber<N>): EventSubscriber {
  // A handler of some events is handed only those (the delivery filters by `events`).
  return subscriber as unknown as EventSubscriber;
}
