import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * The report-a-problem dialog's request (docs/behaviour/support.md): a multipart form with
 * `description` (required), `url` (the page) and an optional `screenshot` file (PNG, JPEG or SVG);
 * mailed to the support address with the signed-in person's name, e-mail, user and organisation.
 */
export const supportEndpoints = {
  sendSupportRequest: endpoint({
    method: 'POST',
    path: '/api/email/support',
    tags: ['support'],
    summary: 'Sends a support request to the support address (multipart: description, url, screenshot)',
    responses: { 204: z.null() },
  }),
};
