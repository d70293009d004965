import { DELETED_CONVERSATION_RETENTION_MS } from '@accueil/domain';
import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import { conversations } from '../../db/schema/conversations';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents, type EventDeps } from '../../events/transaction-with-events';

const BATCH = 500;

/**
 * Removes, in every organisation, the conversations deleted more than 30 days ago and their
 * messages (their foreign key cascades), in batches of 500, each batch in one transaction with
 * a `conversation.purged` domain event per conversation in its organisation (no actor: the daily
 * job did it), whose audit entry the audit subscriber writes in that organisation's log. Returns how many were removed. Runs with every organisation's rows in
 * scope (the job's `maintenance-job` access).
 */
export async function purgeDeletedConversations(deps: EventDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELETED_CONVERSATION_RETENTION_MS);
  let removed = 0;
  for (;;) {
    const expired = and(isNotNull(conversations.deletedAt), lte(conversations.deletedAt, before));
    const batch = await deps.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(expired)
      .limit(BATCH);
    if (batch.length === 0) return removed;
    const count = await transactionWithEvents(deps, async (tx) => {
      const rows = await tx
        .delete(conversations)
        .where(
          and(
            expired,
            inArray(
              conversations.id,
              batch.map((b) => b.id),
            ),
          ),
        )
        .returning({
          id: conversations.id,
          organizationId: conversations.organizationId,
          teamId: conversations.teamId,
          deletedAt: conversations.deletedAt,
        });
      for (const row of rows) {
        await recordEvent(tx, {
          name: 'conversation.purged',
          organizationId: row.organizationId,
          actorUserId: null,
          payload: {
            conversationId: row.id,
            teamId: row.teamId,
            deletedAt: row.deletedAt?.toISOString() ?? null,
          },
          occurredAt: now,
        });
      }
      return rows.length;
    });
    removed += count;
    if (batch.length < BATCH) return removed;
  }
}
