import { conversationIdParamsSchema } from '../contracts/conversations';
import { createNoteRequestSchema, mentionableSchema, mentionsReadSchema } from '../contracts/messages';
import { messageSchema } from '../entities/message';
import { endpoint } from './endpoint';

const tags = ['conversations'] as const;
const params = conversationIdParamsSchema;

/**
 * A conversation's internal notes and mentions (docs/behaviour/notes-and-presence.md), for
 * every member of its team; another organisation's or team's conversation answers 404. Its own
 * table, imported by name: the inbox's first load does not carry it (the note composer is loaded
 * when Note is chosen).
 */
export const noteEndpoints = {
  createNote: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/notes',
    tags,
    summary: 'Writes an internal note for the team, never sent to the contact (422 `mention-not-in-team`)',
    params,
    body: createNoteRequestSchema,
    responses: { 201: messageSchema },
  }),
  mentionable: endpoint({
    method: 'GET',
    path: '/api/conversations/:id/mentionable',
    tags,
    summary: "Who a note can mention: the members of the conversation's team",
    params,
    responses: { 200: mentionableSchema },
  }),
  readMentions: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/mentions/read',
    tags,
    summary:
      "Marks the signed-in user's mentions in the conversation read; answers their unread mentions left",
    params,
    responses: { 200: mentionsReadSchema },
  }),
};
