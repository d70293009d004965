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
 * both lists needs. `active` leaves out the snoozed conversations, which `snoozed` lists (those
 * waking first first: docs/behaviour/snooze.md); `all` has them among the active ones.
 */
export const conversationListStatusSchema = z.enum(['active', 'inactive', 'snoozed', 'all']);
export type ConversationListStatus = z.infer<typeof conversationListStatusSchema>;

/**
 * Whose conversations a list shows (docs/behaviour/assignment.md): `mine` (assigned to the
 * signed-in user), `unassigned`, `all` (the default: every conversation of the team), or
 * `mentions` (those where an internal note mentions the signed-in user, newest mention first:
 * docs/behaviour/notes-and-presence.md).
 */
export const CONVERSATION_VIEWS = ['mine', 'unassigned', 'all', 'mentions'] as const;
export const conversationViewSchema = z.enum(CONVERSATION_VIEWS);
export type ConversationView = z.infer<typeof conversationViewSchema>;

/**
 * GET /api/conversations?status=&view=&search=&labelId=&cursor=&limit=
 * Active: pinned first, then latest update. Inactive: latest update. All: the active list
 * then the archived one. Keyset pagination: pass `nextCursor` back as `cursor` (with the same
 * status, view, search and label). `search` needs ≥ 3 characters (else `search-too-short`) and matches the
 * contact's name, the phone number and message text; each item then carries `match`.
 */
export const listConversationsQuerySchema = z.strictObject({
  status: conversationListStatusSchema.default('active'),
  view: conversationViewSchema.default('all'),
  search: z.string().max(SEARCH_MAX_CHARS).optional(),
  /** Only the conversations carrying this label (docs/behaviour/labels.md); an unknown id lists nothing. */
  labelId: z.uuid().optional(),
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
 * (docs/behaviour/assignment.md); the archived list is not counted (it only grows). `mentions`:
 * the conversations of the team (active or archived) with a mention of the signed-in user they
 * have not read yet — cleared when they open the conversation (docs/behaviour/notes-and-presence.md).
 */
export const viewCountsSchema = z.object({
  mine: z.number().int(),
  unassigned: z.number().int(),
  all: z.number().int(),
  mentions: z.number().int(),
});
export type ViewCounts = z.infer<typeof viewCountsSchema>;

/**
 * PUT /api/conversations/:id/assignee `{ userId }`: a member of the conversation's team, or null
 * to unassign (docs/behaviour/assignment.md).
 */
export const assignConversationRequestSchema = z.strictObject({ userId: z.uuid().nullable() });
export type AssignConversationRequest = z.infer<typeof assignConversationRequestSchema>;

/**
 * PUT /api/conversations/:id/snooze `{ until }` (docs/behaviour/snooze.md): an instant at least
 * `SNOOZE_MIN_AHEAD_MS` and at most `SNOOZE_MAX_AHEAD_MS` ahead (else 422 `snooze-too-soon` /
 * `snooze-too-far`; the server judges the distance by its clock).
 */
export const snoozeConversationRequestSchema = z.strictObject({ until: z.iso.datetime({ offset: true }) });
export type SnoozeConversationRequest = z.infer<typeof snoozeConversationRequestSchema>;

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

/** The most conversations one bulk request acts on (`POST /api/conversations/bulk`). */
export const BULK_CONVERSATIONS_MAX = 100;

/** What a bulk request does to each conversation (issue 26, "select several rows"). */
export const BULK_CONVERSATION_ACTIONS = [
  'archive',
  'unarchive',
  'assign',
  'mark-read',
  'mark-unread',
] as const;
/** One of {@link BULK_CONVERSATION_ACTIONS}. */
export type BulkConversationAction = (typeof BULK_CONVERSATION_ACTIONS)[number];

/**
 * POST /api/conversations/bulk (docs/behaviour/assignment.md, "Bulk actions"): 1 to
 * {@link BULK_CONVERSATIONS_MAX} distinct ids and one action; `assign` takes `assigneeId` (a
 * member of each conversation's team, or null to unassign), the other actions none.
 */
export const bulkConversationsRequestSchema = z
  .strictObject({
    ids: z
      .array(z.uuid())
      .min(1)
      .max(BULK_CONVERSATIONS_MAX)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'ids must be distinct' }),
    action: z.enum(BULK_CONVERSATION_ACTIONS),
    assigneeId: z.uuid().nullable().optional(),
  })
  .refine((v) => (v.action === 'assign') === (v.assigneeId !== undefined), {
    message: 'assigneeId goes with assign, and only with it',
    path: ['assigneeId'],
  });
export type BulkConversationsRequest = z.infer<typeof bulkConversationsRequestSchema>;

/**
 * The answer of a bulk request: one result per id, in the request's order: the conversation
 * as it now is, or the error code that refused it (`not-found` for an id that is missing,
 * deleted, another team's or another organisation's; `forbidden`; `assignee-not-in-team`).
 */
export const bulkConversationsResponseSchema = z.strictObject({
  results: z.array(
    z.union([
      z.strictObject({ id: z.uuid(), ok: z.literal(true), conversation: conversationSchema }),
      z.strictObject({ id: z.uuid(), ok: z.literal(false), error: z.string() }),
    ]),
  ),
});
export type BulkConversationsResponse = z.infer<typeof bulkConversationsResponseSchema>;
