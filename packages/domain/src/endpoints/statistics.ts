import { z } from 'zod';
import {
  statisticsRecipientParamsSchema,
  statisticsRecipientRequestSchema,
  statisticsRecipientSchema,
} from '../statistics/recipients';
import { endpoint } from './endpoint';

const tags = ['statistics'] as const;

/**
 * The weekly statistics (docs/behaviour/statistics.md): the report's recipients, which the
 * organisation's administrators read and change (403 `forbidden` to others). Imported by name, not
 * through `endpoints`.
 */
export const statisticsEndpoints = {
  listRecipients: endpoint({
    method: 'GET',
    path: '/api/statistics/recipients',
    tags,
    summary: "The weekly report's recipients, by address (administrators)",
    responses: { 200: z.array(statisticsRecipientSchema) },
  }),
  addRecipient: endpoint({
    method: 'POST',
    path: '/api/statistics/recipients',
    tags,
    summary:
      'Adds a recipient of the weekly report; 409 `email-taken` when already in the list (administrators)',
    body: statisticsRecipientRequestSchema,
    responses: { 201: statisticsRecipientSchema },
  }),
  removeRecipient: endpoint({
    method: 'DELETE',
    path: '/api/statistics/recipients/:id',
    tags,
    summary: 'Removes a recipient of the weekly report (administrators)',
    params: statisticsRecipientParamsSchema,
    responses: { 204: z.null() },
  }),
};
