import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_MAX_CHARS,
  MESSAGE_BODY_MAX_CHARS,
  MESSAGE_PAGE_SIZE,
  MESSAGE_PAGE_SIZE_MAX,
} from '../constants';
import { ATTACHMENT_MAX_PER_MESSAGE } from '../attachments/rules';
import { messageSchema } from '../entities/message';

/** A message's `seq` is a 32-bit integer in the database: a larger cursor is refused (400), not a 500. */
const MESSAGE_SEQ_MAX = 2_147_483_647;

/**
 * GET /api/conversations/:id/messages?before=&limit=15 — the newest `limit` messages with
 * `seq < before` (all when `before` is absent), oldest first; `hasMore` when older ones exist.
 * `after=` instead returns messages with `seq > after`, oldest first (catch-up after reconnect).
 */
export const listMessagesQuerySchema = z.strictObject({
  before: z.coerce.number().int().min(1).max(MESSAGE_SEQ_MAX).optional(),
  after: z.coerce.number().int().min(0).max(MESSAGE_SEQ_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE_MAX).default(MESSAGE_PAGE_SIZE),
});
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;

export const messagePageSchema = z.object({
  items: z.array(messageSchema),
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/**
 * POST /api/conversations/:id/messages `{ body, to? }` or `{ textBlockId, to? }`: a text, or a
 * quick message sent as written and alone (a quick message cannot go with custom text); or
 * `{ attachmentIds }`: a multimedia message of files the user uploaded (no text can be added to
 * it: 422 `text-with-media`; docs/behaviour/attachments.md). Tokens
 * (`{{first_name}}`…) of either are filled for the contact when sent. `to`, when given, must be
 * the conversation's number. Answers 201 with the message in state `sending` or later.
 */
export const sendMessageRequestSchema = z
  .strictObject({
    body: z.string().trim().min(1).max(MESSAGE_BODY_MAX_CHARS).optional(),
    textBlockId: z.uuid().optional(),
    to: z.string().max(40).optional(),
    attachmentIds: z.array(z.uuid()).min(1).max(ATTACHMENT_MAX_PER_MESSAGE).optional(),
    /**
     * The conversation's last `seq` the writer had seen when they began this text: another
     * user's reply with a greater seq refuses the send with 409 `replied-meanwhile`
     * (docs/behaviour/notes-and-presence.md, "Replied meanwhile"). Absent: no check.
     */
    seenSeq: z.number().int().min(0).optional(),
    /** True: send even though someone replied meanwhile (the writer saw the warning). */
    sendAnyway: z.boolean().optional(),
  })
  .refine(
    (r) =>
      (r.body === undefined) !== (r.textBlockId === undefined) ||
      (r.attachmentIds !== undefined && r.body === undefined && r.textBlockId === undefined),
    { message: 'body-or-quick-message', path: ['body'] },
  );
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/**
 * Headers of POST /api/conversations/:id/messages. `Idempotency-Key` (1–200 characters, one
 * per composed text, reused on retry): the same key with the same payload from the same user
 * answers the message already created (no second send); with another payload, 422
 * `idempotency-conflict`. Keys are remembered `IDEMPOTENCY_KEY_TTL_MS` (24 h).
 */
export const sendMessageHeadersSchema = z.object({
  'idempotency-key': z.string().min(1).max(IDEMPOTENCY_KEY_MAX_CHARS).optional(),
});
export type SendMessageHeaders = z.infer<typeof sendMessageHeadersSchema>;

/** At most this many people mentioned in one internal note (docs/behaviour/notes-and-presence.md). */
export const NOTE_MENTIONS_MAX = 20;

/**
 * POST /api/conversations/:id/notes `{ body, mentions? }`: an internal note of the team
 * (docs/behaviour/notes-and-presence.md), never sent to the contact. `body` is the text as
 * written (an `@Name` the composer inserted stays plain text); `mentions` are the ids of the
 * users it mentions, each a member of the conversation's team (422 `mention-not-in-team`
 * otherwise), each notified. The server trusts the ids, never names found in the text.
 * Answers 201 with the note (a message whose `direction` is `note`).
 */
export const createNoteRequestSchema = z.strictObject({
  body: z.string().trim().min(1).max(MESSAGE_BODY_MAX_CHARS),
  mentions: z.array(z.uuid()).max(NOTE_MENTIONS_MAX).optional(),
});
export type CreateNoteRequest = z.infer<typeof createNoteRequestSchema>;

/**
 * GET /api/conversations/:id/mentionable: who a note of this conversation can mention — the
 * members of its team, by display name ("First Last"), sorted by name.
 */
export const mentionableSchema = z.array(z.object({ id: z.uuid(), name: z.string() }));
export type Mentionable = z.infer<typeof mentionableSchema>;

/**
 * POST /api/conversations/:id/mentions/read: the signed-in user opened the conversation; their
 * mentions in it are read. Answers their unread mentions left (`mentions` of the view counts).
 */
export const mentionsReadSchema = z.object({ mentions: z.number().int() });
export type MentionsRead = z.infer<typeof mentionsReadSchema>;
