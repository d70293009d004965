import { z } from 'zod';
import { CONVERSATION_PAGE_SIZE, MESSAGE_BODY_MAX_CHARS, SEARCH_MAX_CHARS } from '../constants';
import {
  conversationAttributesSchema,
  conversationSchema,
  conversationStatusSchema,
} from '../entities/conversation';
import { contactSchema } from '../entities/contact';

/**
 * Which list `GET /api/conversations` reads: one status, or `all` — the active list (pinned
 * first, then latest update) followed by the archived one (latest update), as a search of
 * both lists needs.
 */
export const conversationListStatusSchema = z.enum(['active', 'inactive', 'all']);
export type ConversationListStatus = z.infer<typeof conversationListStatusSchema>;

/**
 * Whose conversations a list shows (docs/behaviour/assignment.md): `mine` (assigned to the
 * signed-in user), `unassigned`, or `all` (the default: every conversation of the team).
 */
export const CONVERSATION_VIEWS = ['mine', 'unassigned', 'all'] as const;
export const conversationViewSchema = z.enum(CONVERSATION_VIEWS);
export type ConversationView = z.infer<typeof conversationViewSchema>;

/**
 * GET /api/conversations?status=&view=&search=&cursor=&limit=
 * Active: pinned first, then latest update. Inactive: latest update. All: the active list
 * then the archived one. Keyset pagination: pass `nextCursor` back as `cursor` (with the same
 * status and search). `search` needs ≥ 3 characters (else `search-too-short`) and matches the
 * contact's name, the phone number and message text; each item then carries `match`.
 */
export const listConversationsQuerySchema = z.strictObject({
  status: conversationListStatusSchema.default('active'),
  view: conversationViewSchema.default('all'),
  search: z.string().max(SEARCH_MAX_CHARS).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(CONVERSATION_PAGE_SIZE),
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuerySchema>;

/**
 * The newest message of a searched conversation whose text contains the search term (case
 * ignored), so the list can show it instead of the last message; null when the conversation
 * matched by the contact's name or the number only.
 */
export const searchMatchSchema = z.object({
  messageId: z.uuid(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

/** A row of the list: the conversation, plus `match` when the list was searched. */
export const conversationListItemSchema = conversationSchema.extend({
  match: searchMatchSchema.nullable().optional(),
});
export type ConversationListItem = z.infer<typeof conversationListItemSchema>;

export const conversationPageSchema = z.object({
  items: z.array(conversationListItemSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** Counts of unread conversations of the current team, for badges. */
export const unreadCountsSchema = z.object({ active: z.number().int(), inactive: z.number().int() });
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/**
 * GET /api/conversations/view-counts: the current team's active conversations in each view
 * (docs/behaviour/assignment.md); the archived list is not counted (it only grows).
 */
export const viewCountsSchema = z.object({
  mine: z.number().int(),
  unassigned: z.number().int(),
  all: z.number().int(),
});
export type ViewCounts = z.infer<typeof viewCountsSchema>;

/**
 * PUT /api/conversations/:id/assignee `{ userId }`: a member of the conversation's team, or null
 * to unassign (docs/behaviour/assignment.md).
 */
export const assignConversationRequestSchema = z.strictObject({ userId: z.uuid().nullable() });
export type AssignConversationRequest = z.infer<typeof assignConversationRequestSchema>;

/**
 * POST /api/conversations `{ to, body?, attributes? }`. Whitespace is stripped from `to`.
 * An existing active conversation answers 409 `conversation-exists`, an archived one
 * 409 `conversation-archived`, both with `details.conversationId`. A contact with that number
 * is linked to the new conversation.
 */
export const createConversationRequestSchema = z.strictObject({
  to: z.string().max(40),
  body: z.string().max(MESSAGE_BODY_MAX_CHARS).optional(),
  attributes: conversationAttributesSchema.optional(),
});
export type CreateConversationRequest = z.infer<typeof createConversationRequestSchema>;

/**
 * GET /api/conversations/lookup?phone= — what already exists for a number in the current
 * team, so the new-conversation dialog can say so before sending.
 */
export const lookupQuerySchema = z.strictObject({ phone: z.string().max(40) });
export const lookupResponseSchema = z.object({
  phone: z.string().nullable(),
  conversation: conversationSchema.nullable(),
  contact: contactSchema.nullable(),
});
export type LookupResponse = z.infer<typeof lookupResponseSchema>;

/** PUT /api/conversations/:id `{ status }` and/or `{ attributes }` (merged). */
export const updateConversationRequestSchema = z
  .strictObject({
    status: conversationStatusSchema.optional(),
    attributes: conversationAttributesSchema.optional(),
  })
  .refine((v) => v.status !== undefined || v.attributes !== undefined, {
    message: 'status or attributes is required',
  });
export type UpdateConversationRequest = z.infer<typeof updateConversationRequestSchema>;

export const conversationIdParamsSchema = z.strictObject({ id: z.uuid() });
