import type {
  Conversation,
  ConversationListStatus,
  ConversationPage,
  CreateConversationRequest,
  LookupResponse,
  Message,
  MessagePage,
  UnreadCounts,
  UpdateConversationRequest,
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
  list: (status: ConversationListStatus, search: string) =>
    ['conversations', 'list', status, search] as const,
  unreadCounts: () => ['conversations', 'unread-counts'] as const,
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

/** GET /api/conversations — one keyset page of a list (docs/api.md). */
export function fetchConversationPage(
  status: ConversationListStatus,
  search: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  return api.call(conversationPaths().list, {
    query: { status, search: search || undefined, cursor, limit: CONVERSATION_PAGE_SIZE },
    signal,
  });
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
 */
export function sendMessage(
  id: string,
  body: string,
  idempotencyKey?: string,
  textBlockId?: string,
  attachmentIds?: string[],
): Promise<Message> {
  return api.call(messageEndpoints.send, {
    params: { id },
    // A quick message goes by its id alone: the server fills its tokens (body is only the preview).
    // A multimedia message carries its attachments and no text.
    body: attachmentIds?.length ? { attachmentIds } : textBlockId ? { textBlockId } : { body },
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}
