import { MESSAGE_STATUS_RANK, type MessageStatus, type SynchronizationFix } from '@accueil/domain';
import { and, asc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { messages } from '../../db/schema/messages';
import { applyCarrierStatus } from './apply-carrier-status';

/** A text is asked about once its status has not moved for this long (ms): its callback is late, or lost. */
export const TEXT_STATUS_STALE_MS = 5 * 60_000;
/** Texts asked about in one run, oldest first (the carrier is called once per text). */
export const TEXT_STATUS_BATCH = 200;

/** What {@link reconcileTextStatuses} did. */
export type TextReconciliation = {
  checked: number;
  fixed: SynchronizationFix[];
  /** Texts the carrier could not tell (unknown to it, or its answer failed). */
  unresolved: number;
};

/**
 * The messages' side of `POST /api/conversations/synchronize` (docs/behaviour/operations.md):
 * the outbound texts of the current messaging carrier still `sent` or `unknown` with a carrier id,
 * unchanged for {@link TEXT_STATUS_STALE_MS}, are asked about (`fetchStatus`), oldest first, at
 * most {@link TEXT_STATUS_BATCH}; a newer status is recorded as a status callback would
 * (`applyCarrierStatus`: forward only, version bumped, announced). Runs in the caller's tenant
 * scope (every organisation for devops). A carrier without `fetchStatus` checks nothing.
 */
export async function reconcileTextStatuses(deps: AppDeps, now = new Date()): Promise<TextReconciliation> {
  const carrier = deps.messaging;
  if (!carrier.fetchStatus) return { checked: 0, fixed: [], unresolved: 0 };
  const rows = await deps.db
    .select({
      id: messages.id,
      organizationId: messages.organizationId,
      status: messages.status,
      carrierMessageId: messages.carrierMessageId,
    })
    .from(messages)
    .where(
      and(
        eq(messages.direction, 'outbound'),
        eq(messages.carrier, carrier.name),
        inArray(messages.status, ['sent', 'unknown']),
        isNotNull(messages.carrierMessageId),
        lt(messages.updatedAt, new Date(now.getTime() - TEXT_STATUS_STALE_MS)),
      ),
    )
    .orderBy(asc(messages.updatedAt))
    .limit(TEXT_STATUS_BATCH);
  const fixed: SynchronizationFix[] = [];
  let unresolved = 0;
  for (const row of rows) {
    const update = await carrier.fetchStatus(row.carrierMessageId!).catch((err: unknown) => {
      deps.log.warn({ err, messageId: row.id }, 'synchronize: the carrier could not tell a text’s status');
      return null;
    });
    if (!update) {
      unresolved++;
      continue;
    }
    const before = row.status as MessageStatus;
    const newer = MESSAGE_STATUS_RANK[update.status] > MESSAGE_STATUS_RANK[before] || before === 'unknown';
    if (!newer || update.status === before) continue;
    await applyCarrierStatus(deps, update);
    fixed.push({ id: row.id, organizationId: row.organizationId, before, after: update.status });
  }
  return { checked: rows.length, fixed, unresolved };
}
