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
