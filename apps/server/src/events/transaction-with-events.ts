import type { AppDeps } from '../app-deps';
import type { Tx } from '../db/client';
import { dispatchEvents } from './dispatch-events';
import { collectingEvents } from './events-of-transaction';
import type { RecordedEvent } from './record-event';

/**
 * Runs the change `work` in one transaction (`deps.db.transaction`) and, once it committed,
 * dispatches every domain event `recordEvent(tx, …)` wrote during it (`dispatchEvents`: the
 * after-commit subscribers, then one delivery job per event). A use case records its events
 * where the change happens, helpers included, and needs no list of them:
 *
 *     return transactionWithEvents(deps, async (tx) => {
 *       … the change …
 *       await recordEvent(tx, { name: 'passkey.removed', organizationId, actorUserId, payload });
 *     });
 *
 * A transaction that throws (rolled back) dispatches nothing and rethrows: its events were
 * never committed. Returns what `work` returned. Dispatching never throws.
 */
export async function transactionWithEvents<T>(deps: EventDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
  const recorded: RecordedEvent[] = [];
  const result = await collectingEvents(recorded, () => deps.db.transaction(work));
  await dispatchEvents(deps, recorded);
  return result;
}

/** What a use case that records domain events needs of the app (`transactionWithEvents`'s). */
export type EventDeps = Pick<AppDeps, 'db' | 'log' | 'realtime' | 'jobs'>;
