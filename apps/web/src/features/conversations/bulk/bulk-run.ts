import {
  conversationEndpoints,
  TOAST_AUTO_CLOSE_MS,
  type BulkConversationsRequest,
  type BulkConversationsResponse,
  type Conversation,
  type ConversationAssignee,
} from '@accueil/domain';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/endpoint-client';
import { getIntl } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { storeConversations } from '../cache-updates';

/** What one bulk request did: the conversations changed, and the ids the server refused. */
export interface BulkOutcome {
  done: Conversation[];
  refused: string[];
}

/**
 * `POST /api/conversations/bulk` (docs/behaviour/assignment.md, "Bulk actions"): 1 to
 * BULK_CONVERSATIONS_MAX ids and one action. Each conversation answered goes into every cache
 * (as the single actions' answers do); when some ids were refused, a toast says how many
 * (`conversations.bulk.refused`). Resolves with what was done and refused, or null when the
 * request itself failed (its error toasted: nothing changed).
 */
export async function sendBulk(
  client: QueryClient,
  request: BulkConversationsRequest,
): Promise<BulkOutcome | null> {
  let answer: BulkConversationsResponse;
  try {
    answer = await api.call(conversationEndpoints.bulk, { body: request });
  } catch (error) {
    notifyError(error, 'conversations.error.update');
    return null;
  }
  const { results } = answer;
  const done = results.flatMap((r) => (r.ok ? [r.conversation] : []));
  const refused = results.flatMap((r) => (r.ok ? [] : [r.id]));
  if (done.length > 0) storeConversations(client, done);
  if (refused.length > 0) {
    notifications.show({
      color: 'red',
      withBorder: true,
      autoClose: TOAST_AUTO_CLOSE_MS,
      message: getIntl().formatMessage({ id: 'conversations.bulk.refused' }, { count: refused.length }),
    });
  }
  return { done, refused };
}

/**
 * Undoes a bulk assignment: each conversation goes back to the assignee it had (`previous`,
 * by id; null: nobody), one bulk request per previous assignee (issue 26: undo through the
 * same endpoint). Conversations whose assignee did not change are left alone.
 */
export async function assignBack(
  client: QueryClient,
  previous: ReadonlyMap<string, ConversationAssignee | null>,
  ids: readonly string[],
  assigned: ConversationAssignee | null,
): Promise<void> {
  const groups = new Map<string | null, string[]>();
  for (const id of ids) {
    const before = previous.get(id)?.id ?? null;
    if (before === (assigned?.id ?? null)) continue;
    groups.set(before, [...(groups.get(before) ?? []), id]);
  }
  await Promise.all(
    [...groups].map(([assigneeId, group]) => sendBulk(client, { ids: group, action: 'assign', assigneeId })),
  );
}
