import { z } from 'zod';
import {
  conversationIdParamsSchema,
  conversationPageSchema,
  createConversationRequestSchema,
  listConversationsQuerySchema,
  lookupQuerySchema,
  lookupResponseSchema,
  unreadCountsSchema,
  assignConversationRequestSchema,
  bulkConversationsRequestSchema,
  bulkConversationsResponseSchema,
  viewCountsSchema,
  snoozeConversationRequestSchema,
  updateConversationRequestSchema,
} from '../contracts/conversations';
import { deletedConversationListSchema } from '../contracts/deleted-conversations';
import { conversationSchema } from '../entities/conversation';
import { setConversationLabelsRequestSchema, teamUnreadCountsSchema } from '../labels/labels';
import { endpoint } from './endpoint';

const tags = ['conversations'] as const;
const params = conversationIdParamsSchema;

/**
 * The current team's inbox. Every one is tenant-scoped: another organisation's or team's id
 * answers 404. Starting a conversation counts against the send rate limits (429
 * `too-many-requests`).
 */
export const conversationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/conversations',
    tags,
    summary: 'One keyset page of the active or inactive list',
    query: listConversationsQuerySchema,
    responses: { 200: conversationPageSchema },
  }),
  unreadCounts: endpoint({
    method: 'GET',
    path: '/api/conversations/unread-counts',
    tags,
    summary: 'Unread conversations of each list',
    responses: { 200: unreadCountsSchema },
  }),
  viewCounts: endpoint({
    method: 'GET',
    path: '/api/conversations/view-counts',
    tags,
    summary: 'Active conversations in each view (mine, unassigned, all)',
    responses: { 200: viewCountsSchema },
  }),
  teamUnreadCounts: endpoint({
    method: 'GET',
    path: '/api/teams/unread-counts',
    tags,
    summary: "Unread active conversations of each of the signed-in user's teams",
    responses: { 200: teamUnreadCountsSchema },
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/api/conversations/lookup',
    tags,
    summary: 'What exists for a phone number in the current team',
    query: lookupQuerySchema,
    responses: { 200: lookupResponseSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/conversations',
    tags,
    summary: 'Starts a conversation (409 when one exists for the number)',
    body: createConversationRequestSchema,
    responses: { 201: conversationSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/conversations/:id',
    tags,
    summary: 'One conversation',
    params,
    responses: { 200: conversationSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/conversations/:id',
    tags,
    summary: 'Archives, restores or flags a conversation',
    params,
    body: updateConversationRequestSchema,
    responses: { 200: conversationSchema },
  }),
  assign: endpoint({
    method: 'PUT',
    path: '/api/conversations/:id/assignee',
    tags,
    summary: 'Assigns the conversation to a member of its team, or unassigns it (422 `assignee-not-in-team`)',
    params,
    body: assignConversationRequestSchema,
    responses: { 200: conversationSchema },
  }),
  bulk: endpoint({
    method: 'POST',
    path: '/api/conversations/bulk',
    tags,
    summary:
      'Archives, unarchives, assigns or marks read/unread up to 100 conversations at once; one result per id (`not-found`, `forbidden`, `assignee-not-in-team` for those refused)',
    body: bulkConversationsRequestSchema,
    responses: { 200: bulkConversationsResponseSchema },
  }),
  snooze: endpoint({
    method: 'PUT',
    path: '/api/conversations/:id/snooze',
    tags,
    summary:
      'Snoozes the conversation until an instant 1 minute to 1 year ahead (422 `snooze-too-soon`, `snooze-too-far`)',
    params,
    body: snoozeConversationRequestSchema,
    responses: { 200: conversationSchema },
  }),
  unsnooze: endpoint({
    method: 'DELETE',
    path: '/api/conversations/:id/snooze',
    tags,
    summary: 'Ends the snooze now: the conversation is back in the active list',
    params,
    responses: { 200: conversationSchema },
  }),
  setLabels: endpoint({
    method: 'PUT',
    path: '/api/conversations/:id/labels',
    tags,
    summary: "Sets the conversation's labels, at most 10 of the organisation's (422 `label-not-found`)",
    params,
    body: setConversationLabelsRequestSchema,
    responses: { 200: conversationSchema },
  }),
  startFollowUp: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/follow-up',
    tags,
    summary: 'Starts a follow-up (survey or flow): sending is blocked for at most an hour',
    params,
    responses: { 200: conversationSchema },
  }),
  endFollowUp: endpoint({
    method: 'DELETE',
    path: '/api/conversations/:id/follow-up',
    tags,
    summary: "Ends the contact's follow-up (answered or given up): sending is open again",
    params,
    responses: { 200: conversationSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/conversations/:id',
    tags,
    summary: 'Deletes a conversation (administrators; restorable for 30 days)',
    params,
    responses: { 204: z.null() },
  }),
  listDeleted: endpoint({
    method: 'GET',
    path: '/api/conversations/deleted',
    tags,
    summary: "The organisation's deleted conversations still restorable (administrators)",
    responses: { 200: deletedConversationListSchema },
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/restore',
    tags,
    summary: 'Restores a deleted conversation (administrators; 409 when the number has a conversation again)',
    params,
    responses: { 200: conversationSchema },
  }),
};
