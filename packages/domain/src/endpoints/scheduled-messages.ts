import { z } from 'zod';
import {
  createScheduledMessageSchema,
  listScheduledMessagesQuerySchema,
  scheduledMessageIdParamsSchema as params,
  scheduledMessageListSchema,
  scheduledMessagePhoneParamsSchema,
  updateScheduledMessageSchema,
} from '../scheduled-messages/contracts';
import { scheduledMessageSchema } from '../scheduled-messages/entities';
import { endpoint } from './endpoint';

const tags = ['scheduled-messages'] as const;

/**
 * Scheduled messages (docs/behaviour/scheduled-messages.md): texts sent later from a team's
 * number, with optional reminders. Members of the team list and create them; the author and
 * administrators edit and delete them. Another organisation's id answers 404.
 */
export const scheduledMessageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/scheduled-messages',
    tags,
    summary: "The current team's scheduled messages, soonest first",
    query: listScheduledMessagesQuerySchema,
    responses: { 200: scheduledMessageListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/scheduled-messages',
    tags,
    summary: 'Schedules a text (at least 5 minutes ahead), with optional reminders',
    body: createScheduledMessageSchema,
    responses: { 201: scheduledMessageSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/scheduled-messages/:id',
    tags,
    summary: 'One scheduled message',
    params,
    responses: { 200: scheduledMessageSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/scheduled-messages/:id',
    tags,
    summary: 'Changes a scheduled message not yet sent (its author or an administrator)',
    params,
    body: updateScheduledMessageSchema,
    responses: { 200: scheduledMessageSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/scheduled-messages/:id',
    tags,
    summary: 'Deletes a scheduled message (its author or an administrator)',
    params,
    responses: { 204: z.null() },
  }),
  byPhone: endpoint({
    method: 'GET',
    path: '/api/scheduled-messages/phone/:phone',
    tags,
    summary:
      "The current team's scheduled messages to a number still to be sent (none looked up for emergency or anonymous numbers)",
    params: scheduledMessagePhoneParamsSchema,
    responses: { 200: scheduledMessageListSchema },
  }),
};
