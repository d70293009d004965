import { AsyncLocalStorage } from 'node:async_hooks';
import type { RecordedEvent } from './record-event';

/** The events recorded so far in the running `transactionWithEvents`, if any. */
const pending = new AsyncLocalStorage<RecordedEvent[]>();

/**
 * Runs `work` collecting in `into` every event `recordEvent` writes meanwhile (in its
 * transaction, or any other it awaits), for `transactionWithEvents` to dispatch after the commit.
 */
export function collectingEvents<T>(into: RecordedEvent[], work: () => Promise<T>): Promise<T> {
  return pending.run(into, work);
}

/** Notes `event` in the running collection (`recordEvent`'s); outside one, nothing. */
export function recordedInTransaction(event: RecordedEvent): void {
  pending.getStore()?.push(event);
}
