import { DELETED_CONVERSATION_RETENTION_MS } from '@accueil/domain';
import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { recordAuditEvent } from '../audit/index';

const BATCH = 500;

/**
 * Removes, in every organisation, the conversations deleted more than 30 days ago and their
 * messages (their foreign key cascades), in batches of 500, each batch in one transaction with
 * a `conversation.purged` audit event per conversation in its organisation's log (no actor: the
 * daily job did it). Returns how many were removed. Runs with every organisation's rows in
 * scope (the job's `maintenance-job` access).
 */
export async function purgeDeletedConversations(
  deps: Pick<AppDeps, 'db'>,
  now = new Date(),
): Promise<number> {
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
    const count = await deps.db.transaction(async (tx) => {
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
        await recordAuditEvent(tx, {
          organizationId: row.organizationId,
          actor: null,
          action: 'conversation.purged',
          target: { type: 'conversation', id: row.id },
          details: { teamId: row.teamId, deletedAt: row.deletedAt?.toISOString() ?? null },
          now,
        });
      }
      return rows.length;
    });
    removed += count;
    if (batch.length < BATCH) return removed;
  }
}
