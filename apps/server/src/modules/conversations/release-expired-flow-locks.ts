import type { SynchronizationFix } from '@accueil/domain';
import { and, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { announceConversation } from './conversation-events';
import { loadConversationViewById } from './conversation-views';

/**
 * `POST /api/conversations/flows/synchronize` (docs/behaviour/operations.md): the conversations
 * whose flow lock (a follow-up, at most one hour: `FLOW_LOCK_MAX_MS`) is past but still stored
 * — no `DELETE …/follow-up` ended it — are released: the lock cleared, the version bumped, the
 * change announced. Sending was already open again (the lock reads as over once past); this
 * leaves no stale lock behind. Runs in the caller's tenant scope (every organisation for devops).
 */
export async function releaseExpiredFlowLocks(
  deps: AppDeps,
  now = new Date(),
): Promise<{ checked: number; fixed: SynchronizationFix[] }> {
  const released = await deps.db
    .update(conversations)
    .set({ flowLockedUntil: null, version: sql`${conversations.version} + 1` })
    .where(and(isNotNull(conversations.flowLockedUntil), lte(conversations.flowLockedUntil, now)))
    .returning({ id: conversations.id, organizationId: conversations.organizationId });
  for (const { id } of released) {
    const view = await loadConversationViewById(deps.db, id);
    if (view) announceConversation(deps, view);
  }
  return {
    checked: released.length,
    fixed: released.map((row) => ({ ...row, before: 'flow-locked', after: 'released' })),
  };
}
