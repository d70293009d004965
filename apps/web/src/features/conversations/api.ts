import type {
  Conversation,
  ConversationListStatus,
  ConversationPage,
  ConversationView,
  CreateConversationRequest,
  LookupResponse,
  Message,
  MessagePage,
  UnreadCounts,
  UpdateConversationRequest,
  ViewCounts,
} from '@accueil/domain';
import {
  CONVERSATION_PAGE_SIZE,
  conversationEndpoints,
  FRANCE_COUNTRY,
  MESSAGE_PAGE_SIZE,
  messageEndpoints,
  messagingEndpoints,
} from '@accueil/domain';
import { api } from '../../lib/endpoint-client';
import { getSessionState } from '../../lib/session-store';

/**
 * Query keys of the conversations feature. Everything lives under `['conversations']`, so a
 * reconnect can refetch it all at once.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  /**
   * One list: its status, search term ('' for none), view (whose conversations; `all` by
   * default) and label ('' for every conversation: docs/behaviour/labels.md).
   */
  list: (status: ConversationListStatus, search: string, view: ConversationView = 'all', labelId = '') =>
    ['conversations', 'list', status, search, view, labelId] as const,
  unreadCounts: () => ['conversations', 'unread-counts'] as const,
  /** The views' counts (Mine, Unassigned, All, Mentions: docs/behaviour/notes-and-presence.md). */
  viewCounts: () => ['conversations', 'view-counts'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['conversations', 'messages', id] as const,
  lookup: (phone: string) => ['conversations', 'lookup', phone] as const,
  /** The organisation's deleted conversations (Configuration): a restore refetches every list. */
  deleted: () => ['conversations', 'deleted'] as const,
};

/**
 * The conversations' paths: organisations in France use the spec's `messaging/v1/threads` ones
 * (docs/behaviour/france.md), same shapes; every other `/api/conversations`.
 */
function conversationPaths() {
  if (getSessionState().context?.organization.country !== FRANCE_COUNTRY) return conversationEndpoints;
  const threads = messagingEndpoints;
  return {
    list: threads.listThreads,
    get: threads.getThread,
    update: threads.updateThread,
    delete: threads.deleteThread,
    create: threads.createThread,
  };
}
const conversations = conversationEndpoints;

/**
 * GET /api/conversations — one keyset page of a list (docs/api.md) in one view (whose
 * conversations: docs/behaviour/assignment.md); a cursor is valid only with the same view.
 */
export function fetchConversationPage(
  status: ConversationListStatus,
  search: string,
  cursor: string | undefined,
  signal?: AbortSignal,
  view: ConversationView = 'all',
  labelId = '',
): Promise<ConversationPage> {
  return api.call(conversationPaths().list, {
    query: {
      status,
      view,
      search: search || undefined,
      labelId: labelId || undefined,
      cursor,
      limit: CONVERSATION_PAGE_SIZE,
    },
    signal,
  });
}

/** GET /api/conversations/view-counts — active conversations in each view (Mine, Unassigned, All). */
export function fetchViewCounts(signal?: AbortSignal): Promise<ViewCounts> {
  return api.call(conversations.viewCounts, { signal });
}

/**
 * PUT /api/conversations/:id/assignee — `userId` a member of the conversation's team, or null
 * to unassign; anyone else answers 422 `assignee-not-in-team`.
 */
export function assignConversation(id: string, userId: string | null): Promise<Conversation> {
  return api.call(conversations.assign, { params: { id }, body: { userId } });
}

/**
 * PUT /api/conversations/:id/snooze — until `until` (ISO instant), 1 minute to 1 year ahead
 * (else 422 `snooze-too-soon` / `snooze-too-far`; docs/behaviour/snooze.md).
 */
export function snoozeConversation(id: string, until: string): Promise<Conversation> {
  return api.call(conversations.snooze, { params: { id }, body: { until } });
}

/** DELETE /api/conversations/:id/snooze — back in the active list now. */
export function unsnoozeConversation(id: string): Promise<Conversation> {
  return api.call(conversations.unsnooze, { params: { id } });
}

/** GET /api/conversations/unread-counts — badges of the two tabs. */
export function fetchUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  return api.call(conversations.unreadCounts, { signal });
}

/** GET /api/conversations/:id. */
export function fetchConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  return api.call(conversationPaths().get, { params: { id }, signal });
}

/** PUT /api/conversations/:id — status and/or attributes (merged by the server). */
export function updateConversation(id: string, body: UpdateConversationRequest): Promise<Conversation> {
  return api.call(conversationPaths().update, { params: { id }, body });
}

/** DELETE /api/conversations/:id (204). */
export function deleteConversation(id: string): Promise<void> {
  return api.call(conversationPaths().delete, { params: { id } });
}

/** GET /api/conversations/lookup?phone= — what exists for a number (new-conversation dialog). */
export function lookupPhone(phone: string, signal?: AbortSignal): Promise<LookupResponse> {
  return api.call(conversations.lookup, { query: { phone }, signal });
}

/** POST /api/conversations — 201, or 409 `conversation-exists` / `conversation-archived`. */
export function createConversation(body: CreateConversationRequest): Promise<Conversation> {
  return api.call(conversationPaths().create, { body });
}

/**
 * GET /api/conversations/:id/messages — `before` gives the page of older messages
 * (MESSAGE_PAGE_SIZE at a time); `after` the catch-up after a reconnect. Oldest first.
 */
export function fetchMessages(
  id: string,
  params: { before?: number; after?: number; limit?: number },
  signal?: AbortSignal,
): Promise<MessagePage> {
  return api.call(messageEndpoints.list, {
    params: { id },
    query: { before: params.before, after: params.after, limit: params.limit ?? MESSAGE_PAGE_SIZE },
    signal,
  });
}

/**
 * POST /api/conversations/:id/messages — 201 with the message (status `sending` or later).
 * `idempotencyKey` (one per composed text, the same on every retry of it) makes a retry after
 * a lost answer return the message already sent instead of texting the contact twice.
 * `attachmentIds`: uploaded files sent as a multimedia message (docs/behaviour/attachments.md).
 * `check.seenSeq`: refused with 409 `replied-meanwhile` when another user replied after it, unless
 * `check.sendAnyway`.
 */
export function sendMessage(
  id: string,
  body: string,
  idempotencyKey?: string,
  textBlockId?: string,
  attachmentIds?: string[],
  check: { seenSeq?: number; sendAnyway?: boolean } = {},
): Promise<Message> {
  // The replied-meanwhile check (docs/behaviour/notes-and-presence.md): what the writer had seen.
  const seen = {
    ...(check.seenSeq === undefined ? {} : { seenSeq: check.seenSeq }),
    ...(check.sendAnyway ? { sendAnyway: true } : {}),
  };
  return api.call(messageEndpoints.send, {
    params: { id },
    // A quick message goes by its id alone: the server fills its tokens (body is only the preview).
    // A multimedia message carries its attachments and no text.
    body: {
      ...(attachmentIds?.length ? { attachmentIds } : textBlockId ? { textBlockId } : { body }),
      ...seen,
    },
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}
