import {
  conversationIdParamsSchema,
  conversationPageSchema,
  conversationSchema,
  createConversationRequestSchema,
  listConversationsQuerySchema,
  listMessagesQuerySchema,
  lookupQuerySchema,
  lookupResponseSchema,
  messagePageSchema,
  messageSchema,
  sendMessageHeadersSchema,
  sendMessageRequestSchema,
  unreadCountsSchema,
  updateConversationRequestSchema,
} from '@accueil/domain';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AppInstance } from '../../http/types';
import * as service from './conversations.service';

const tags = ['conversations'];

/**
 * §7 Conversations and their messages (docs/api.md "Conversations"): the current team's
 * inbox, tenant-scoped; another organisation's or team's id answers 404. The two sending
 * routes count against the send rate limits (http/send-rate-limit.ts: 429 `too-many-requests`).
 */
export function conversationsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  app.get('/api/conversations', {
    config: { access },
    schema: { tags, querystring: listConversationsQuerySchema, response: { 200: conversationPageSchema } },
    handler: (request) => service.listConversations(deps, request.ctx, request.query),
  });

  app.get('/api/conversations/unread-counts', {
    config: { access },
    schema: { tags, response: { 200: unreadCountsSchema } },
    handler: (request) => service.getUnreadCounts(deps, request.ctx),
  });

  app.get('/api/conversations/lookup', {
    config: { access },
    schema: { tags, querystring: lookupQuerySchema, response: { 200: lookupResponseSchema } },
    handler: (request) => service.lookupConversation(deps, request.ctx, request.query.phone),
  });

  app.post('/api/conversations', {
    config: { access, sendRateLimit: true },
    schema: { tags, body: createConversationRequestSchema, response: { 201: conversationSchema } },
    handler: async (request, reply) => reply.code(201).send(await service.createConversation(deps, request.ctx, request.body)),
  });

  app.get('/api/conversations/:id', {
    config: { access },
    schema: { tags, params: conversationIdParamsSchema, response: { 200: conversationSchema } },
    handler: (request) => service.getConversation(deps, request.ctx, request.params.id),
  });

  app.put('/api/conversations/:id', {
    config: { access },
    schema: { tags, params: conversationIdParamsSchema, body: updateConversationRequestSchema, response: { 200: conversationSchema } },
    handler: (request) => service.updateConversation(deps, request.ctx, request.params.id, request.body),
  });

  app.delete('/api/conversations/:id', {
    config: { access },
    schema: { tags, params: conversationIdParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await service.deleteConversation(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/conversations/:id/messages', {
    config: { access },
    schema: { tags, params: conversationIdParamsSchema, querystring: listMessagesQuerySchema, response: { 200: messagePageSchema } },
    handler: (request) => service.listMessages(deps, request.ctx, request.params.id, request.query),
  });

  app.post('/api/conversations/:id/messages', {
    config: { access, sendRateLimit: true },
    schema: { tags, params: conversationIdParamsSchema, headers: sendMessageHeadersSchema, body: sendMessageRequestSchema, response: { 201: messageSchema } },
    handler: async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { message, replayed } = await service.sendMessageOnce(deps, request.ctx, request.params.id, request.body, key);
      // A replay answers like the first request (201, same message as it now stands), marked.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(message);
    },
  });
  return Promise.resolve();
}
