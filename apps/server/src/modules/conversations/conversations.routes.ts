import {
  conversationIdParamsSchema,
  conversationPageSchema,
  conversationSchema,
  createConversationRequestSchema,
  listConversationsQuerySchema,
  lookupQuerySchema,
  lookupResponseSchema,
  unreadCountsSchema,
  updateConversationRequestSchema,
} from '@accueil/domain';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AppInstance } from '../../http/types';
import { createConversation } from './create-conversation';
import { deleteConversation } from './delete-conversation';
import { getConversation } from './get-conversation';
import { getUnreadCounts } from './get-unread-counts';
import { listConversations } from './list-conversations';
import { lookupConversation } from './lookup-conversation';
import { updateConversation } from './update-conversation';

const tags = ['conversations'];

/**
 * Conversations (docs/api.md "Conversations"): the current team's inbox, tenant-scoped;
 * another organisation's or team's id answers 404. Starting a conversation counts against the
 * send rate limits (http/send-rate-limit.ts: 429 `too-many-requests`). Its messages' routes are
 * the messages module's.
 */
export function conversationsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  app.get('/api/conversations', {
    config: { access },
    schema: { tags, querystring: listConversationsQuerySchema, response: { 200: conversationPageSchema } },
    handler: (request) => listConversations(deps, request.ctx, request.query),
  });

  app.get('/api/conversations/unread-counts', {
    config: { access },
    schema: { tags, response: { 200: unreadCountsSchema } },
    handler: (request) => getUnreadCounts(deps, request.ctx),
  });

  app.get('/api/conversations/lookup', {
    config: { access },
    schema: { tags, querystring: lookupQuerySchema, response: { 200: lookupResponseSchema } },
    handler: (request) => lookupConversation(deps, request.ctx, request.query.phone),
  });

  app.post('/api/conversations', {
    config: { access, sendRateLimit: true, errors: ['not-found', 'conversation-exists', 'conversation-archived', 'message-not-sendable'] },
    schema: { tags, body: createConversationRequestSchema, response: { 201: conversationSchema } },
    handler: async (request, reply) => reply.code(201).send(await createConversation(deps, request.ctx, request.body)),
  });

  app.get('/api/conversations/:id', {
    config: { access },
    schema: { tags, params: conversationIdParamsSchema, response: { 200: conversationSchema } },
    handler: (request) => getConversation(deps, request.ctx, request.params.id),
  });

  app.put('/api/conversations/:id', {
    config: { access },
    schema: { tags, params: conversationIdParamsSchema, body: updateConversationRequestSchema, response: { 200: conversationSchema } },
    handler: (request) => updateConversation(deps, request.ctx, { id: request.params.id, changes: request.body }),
  });

  app.delete('/api/conversations/:id', {
    config: { access },
    schema: { tags, params: conversationIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deleteConversation(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });

  return Promise.resolve();
}
