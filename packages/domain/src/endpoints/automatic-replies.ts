import { z } from 'zod';
import {
  automaticReplyIdParamsSchema,
  automaticReplySchema,
  putAutomaticReplyRequestSchema,
} from '../communication/automatic-replies';
import { endpoint } from './endpoint';

const tags = ['automatic-replies'] as const;

/**
 * Automatic replies of the organisation (configuration, Automations): every member reads them;
 * only administrators change them (403 `forbidden`). Imported by name, not through `endpoints`.
 */
export const automaticReplyEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/automatic-replies',
    tags,
    summary: "The organisation's and its teams' automatic replies",
    responses: { 200: z.array(automaticReplySchema) },
  }),
  put: endpoint({
    method: 'PUT',
    path: '/api/automatic-replies',
    tags,
    summary: 'Sets one automatic reply, for the organisation or a team (administrators)',
    body: putAutomaticReplyRequestSchema,
    responses: { 200: automaticReplySchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/automatic-replies/:id',
    tags,
    summary: "Removes a team's own automatic reply: the team follows the organisation's (administrators)",
    params: automaticReplyIdParamsSchema,
    responses: { 204: z.null() },
  }),
};
