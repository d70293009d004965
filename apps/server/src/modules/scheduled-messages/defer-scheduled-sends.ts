import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledMessageSends } from '../../db/schema/scheduled-messages';
import { enqueueSends } from './plan-scheduled-sends';
import type { ScheduledSendRow } from './scheduled-messages.presenter';

/**
 * Sends of a batch that waited for their sender number's slots (the texting core answered them
 * `later`: the carrier's per-number rate, docs/carriers.md): nothing of theirs was stored, so they
 * go back to `scheduled` with the attempt they had claimed given back (one statement; a wait is no
 * failed attempt) and a new job each, starting at `at` (their slot, as far as can be told). Back
 * to `scheduled` before the jobs are sent: should this process die in between, the overdue-sends
 * sweep queues them again. @throws what the database or the queue throws.
 */
export async function deferSends(
  deps: AppDeps,
  later: readonly { send: ScheduledSendRow; at: Date }[],
): Promise<void> {
  if (later.length === 0) return;
  await deps.db
    .update(scheduledMessageSends)
    .set({ state: 'scheduled', attempts: sql`${scheduledMessageSends.attempts} - 1` })
    .where(
      and(
        inArray(
          scheduledMessageSends.id,
          later.map((l) => l.send.id),
        ),
        eq(scheduledMessageSends.state, 'sending'),
      ),
    );
  await enqueueSends(
    deps,
    later.map((l) => ({ ...l.send, dueAt: l.at })),
  );
}
