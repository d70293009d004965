import { z } from 'zod';
import {
  statisticsRecipientParamsSchema,
  statisticsRecipientRequestSchema,
  statisticsRecipientSchema,
} from '../statistics/recipients';
import { statisticsQuerySchema, statisticsReportSchema } from '../statistics/report';
import { endpoint } from './endpoint';

const tags = ['statistics'] as const;

/**
 * The weekly statistics (docs/behaviour/statistics.md): the figures and the report's recipients,
 * which the organisation's administrators read (and change) (403 `forbidden` to others). Imported by name, not
 * through `endpoints`.
 */
export const statisticsEndpoints = {
  report: endpoint({
    method: 'GET',
    path: '/api/statistics',
    tags,
    summary:
      'The figures of a span of days, all teams, per team and per day, from the daily roll-ups (administrators)',
    query: statisticsQuerySchema,
    responses: { 200: statisticsReportSchema },
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/statistics/rollups',
    tags,
    summary:
      "Computes the organisation's roll-ups of the last 7 days and today again, now rather than at the hourly run (administrators)",
    responses: { 204: z.null() },
  }),
  sandboxWeeklyReport: endpoint({
    method: 'POST',
    path: '/api/sandbox/statistics/weekly-report',
    tags: ['sandbox'],
    summary:
      "Runs the weekly report's hourly pass now, or at the instant `now` (sandbox e-mail carrier only: its mails go to the sandbox mailbox)",
    body: z.strictObject({ now: z.iso.datetime().optional() }).optional(),
    responses: {
      200: z.object({
        sent: z.number().int(),
        alreadySent: z.number().int(),
        notDue: z.number().int(),
        noRecipients: z.number().int(),
      }),
    },
  }),
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
