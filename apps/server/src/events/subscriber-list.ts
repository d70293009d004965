import type { DomainEventName } from '@accueil/domain';
import { MODULES } from '../app-registry';
import type { EventSubscriber } from './event-subscriber';

/**
 * Every subscriber the modules' descriptors declare (`MODULES` in app-registry.ts), in their
 * order. A function, read when a delivery runs: the modules import `dispatchEvents`, which names
 * the delivery job, so this file is part of an import cycle through the registry.
 */
export function subscriberList(): readonly EventSubscriber[] {
  return MODULES.flatMap((m) => m.subscribers ?? []);
}

/**
 * Who receives events named `name` among `subscribers` (default: every module's): `queued`, some
 * subscriber delivered by the job (the event must be written undelivered and sent its job);
 * `any`, some subscriber at all (the event must be dispatched after its commit). Lets a writer
 * on a hot path (the ingest) skip the dispatch of an event nobody listens to.
 */
export function listenersOf(
  name: DomainEventName,
  subscribers: readonly EventSubscriber[] = subscriberList(),
): { queued: boolean; any: boolean } {
  const listening = subscribers.filter((s) => (s.events as readonly string[]).includes(name));
  return { queued: listening.some((s) => s.delivery !== 'after-commit'), any: listening.length > 0 };
}
