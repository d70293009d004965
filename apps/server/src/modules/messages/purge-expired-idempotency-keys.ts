import { IDEMPOTENCY_KEY_TTL_MS } from '@accueil/domain';
import { inArray, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';

/** Rows one statement of `purgeExpiredIdempotencyKeys` deletes at most (short locks, small WAL bursts). */
export const IDEMPOTENCY_PURGE_BATCH_ROWS = 5_000;

/**
 * Outbound exactly once (docs/behaviour/messages.md), housekeeping: deletes every organisation's idempotency keys
 * created more than `IDEMPOTENCY_KEY_TTL_MS` before `now`, in statements of at most
 * `IDEMPOTENCY_PURGE_BATCH_ROWS` rows (each its own transaction), until a statement deletes fewer.
 * Rows a send holds locked are skipped (`SKIP LOCKED`), never waited for: the next run takes
 * them. Returns how many rows were deleted. Run hourly by the `purge-idempotency-keys` job.
 */
export async function purgeExpiredIdempotencyKeys(deps: AppDeps, now: Date = new Date()): Promise<number> {
  const { db } = deps;
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  let deleted = 0;
  for (;;) {
    const expired = db
      .select({ id: idempotencyKeys.id })
      .from(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, cutoff))
      .limit(IDEMPOTENCY_PURGE_BATCH_ROWS)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(idempotencyKeys)
      .where(inArray(idempotencyKeys.id, expired))
      .returning({ id: idempotencyKeys.id });
    deleted += rows.length;
    if (rows.length < IDEMPOTENCY_PURGE_BATCH_ROWS) return deleted;
  }
}
