import { conversationIdParamsSchema } from '../contracts/conversations';
import {
  listMessagesQuerySchema,
  messagePageSchema,
  sendMessageHeadersSchema,
  sendMessageRequestSchema,
} from '../contracts/messages';
import { messageSchema } from '../entities/message';
import { endpoint } from './endpoint';

const tags = ['conversations'] as const;
const params = conversationIdParamsSchema;

/**
 * A conversation's messages, tenant-scoped through their conversation (another organisation's
 * or team's id answers 404). Sending counts against the send rate limits.
 */
export const messageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/conversations/:id/messages',
    tags,
    summary: 'A page of messages, oldest first',
    params,
    query: listMessagesQuerySchema,
    responses: { 200: messagePageSchema },
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    tags,
    summary:
      'Texts the contact (idempotent with Idempotency-Key; 409 `replied-meanwhile` when another user replied after `seenSeq`, unless `sendAnyway`)',
    params,
    headers: sendMessageHeadersSchema,
    body: sendMessageRequestSchema,
    responses: { 201: messageSchema },
  }),
};
