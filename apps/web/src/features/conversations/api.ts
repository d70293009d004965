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
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from '@accueil/domain';
import { apiRequest } from '../../lib/api';

/**
 * Query keys of the conversations feature. Everything lives under `['conversations']`, so a
 * reconnect can refetch it all at once.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (status: ConversationListStatus, search: string) => ['conversations', 'list', status, search] as const,
  unreadCounts: () => ['conversations', 'unread-counts'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['conversations', 'messages', id] as const,
  lookup: (phone: string) => ['conversations', 'lookup', phone] as const,
};

/** GET /api/conversations — one keyset page of a list (docs/api.md). */
export function fetchConversationPage(
  status: ConversationListStatus,
  search: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  return apiRequest<ConversationPage>('GET', 'conversations', {
    query: { status, search: search || undefined, cursor, limit: CONVERSATION_PAGE_SIZE },
    signal,
  });
}

/** GET /api/conversations/unread-counts — badges of the two tabs. */
export function fetchUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  return apiRequest<UnreadCounts>('GET', 'conversations/unread-counts', { signal });
}

/** GET /api/conversations/:id. */
export function fetchConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  return apiRequest<Conversation>('GET', `conversations/${encodeURIComponent(id)}`, { signal });
}

/** PUT /api/conversations/:id — status and/or attributes (merged by the server). */
export function updateConversation(id: string, body: UpdateConversationRequest): Promise<Conversation> {
  return apiRequest<Conversation>('PUT', `conversations/${encodeURIComponent(id)}`, { body });
}

/** DELETE /api/conversations/:id (204). */
export function deleteConversation(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `conversations/${encodeURIComponent(id)}`);
}

/** GET /api/conversations/lookup?phone= — what exists for a number (new-conversation dialog). */
export function lookupPhone(phone: string, signal?: AbortSignal): Promise<LookupResponse> {
  return apiRequest<LookupResponse>('GET', 'conversations/lookup', { query: { phone }, signal });
}

/** POST /api/conversations — 201, or 409 `conversation-exists` / `conversation-archived`. */
export function createConversation(body: CreateConversationRequest): Promise<Conversation> {
  return apiRequest<Conversation>('POST', 'conversations', { body });
}

/**
 * GET /api/conversations/:id/messages — `before` gives the page of older messages
 * (MESSAGE_PAGE_SIZE at a time, §9); `after` the catch-up after a reconnect. Oldest first.
 */
export function fetchMessages(
  id: string,
  params: { before?: number; after?: number; limit?: number },
  signal?: AbortSignal,
): Promise<MessagePage> {
  return apiRequest<MessagePage>('GET', `conversations/${encodeURIComponent(id)}/messages`, {
    query: { before: params.before, after: params.after, limit: params.limit ?? MESSAGE_PAGE_SIZE },
    signal,
  });
}

/**
 * POST /api/conversations/:id/messages — 201 with the message (status `sending` or later).
 * `idempotencyKey` (one per composed text, the same on every retry of it) makes a retry after
 * a lost answer return the message already sent instead of texting the contact twice.
 */
export function sendMessage(id: string, body: string, idempotencyKey?: string): Promise<Message> {
  return apiRequest<Message>('POST', `conversations/${encodeURIComponent(id)}/messages`, {
    body: { body },
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}
