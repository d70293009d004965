import { z } from 'zod';
import {
  conversationIdParamsSchema,
  conversationPageSchema,
  createConversationRequestSchema,
  listConversationsQuerySchema,
  updateConversationRequestSchema,
} from '../contracts/conversations';
import { pollingPageSchema, pollingQuerySchema } from '../contracts/messaging';
import { conversationSchema } from '../entities/conversation';
import { endpoint } from './endpoint';

const tags = ['messaging-v1'] as const;
const params = conversationIdParamsSchema;

/**
 * France's messaging paths (spec §7: "for France the same operations go to messaging/v1/threads
 * and /{id}"; docs/behaviour/france.md). A thread is a conversation in the same shape (`status`
 * active or inactive, never `state`), served by the same use cases with the same rules. Only for
 * organisations whose country is FR: any other answers 404 `not-found`, as for a path that does
 * not exist.
 */
export const messagingEndpoints = {
  listThreads: endpoint({
    method: 'GET',
    path: '/api/messaging/v1/threads',
    tags,
    summary: 'France: one keyset page of the active or inactive threads',
    query: listConversationsQuerySchema,
    responses: { 200: conversationPageSchema },
  }),
  createThread: endpoint({
    method: 'POST',
    path: '/api/messaging/v1/threads',
    tags,
    summary: 'France: starts a thread (409 when one exists for the number)',
    body: createConversationRequestSchema,
    responses: { 201: conversationSchema },
  }),
  getThread: endpoint({
    method: 'GET',
    path: '/api/messaging/v1/threads/:id',
    tags,
    summary: 'France: one thread',
    params,
    responses: { 200: conversationSchema },
  }),
  updateThread: endpoint({
    method: 'PUT',
    path: '/api/messaging/v1/threads/:id',
    tags,
    summary: 'France: archives, restores or flags a thread (`status`, `attributes`)',
    params,
    body: updateConversationRequestSchema,
    responses: { 200: conversationSchema },
  }),
  deleteThread: endpoint({
    method: 'DELETE',
    path: '/api/messaging/v1/threads/:id',
    tags,
    summary: 'France: deletes a thread (administrators; restorable for 30 days)',
    params,
    responses: { 204: z.null() },
  }),
  poll: endpoint({
    method: 'GET',
    path: '/api/messaging/v1/polling',
    tags,
    summary: "France: the inbox's events after a cursor (create, update, remove, error), polled every 2.5 s",
    query: pollingQuerySchema,
    responses: { 200: pollingPageSchema },
  }),
};
