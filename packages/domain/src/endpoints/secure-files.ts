import { z } from 'zod';
import { conversationIdParamsSchema } from '../contracts/conversations';
import { messageSchema } from '../entities/message';
import {
  openSecureFileBodySchema,
  requestSecureFileBodySchema,
  secureFileUploadedSchema,
  secureFileUploadQuerySchema,
  sendSecureFileBodySchema,
} from '../secure-files/contracts';
import { endpoint } from './endpoint';

const tags = ['secure-files'] as const;
const params = conversationIdParamsSchema;

/**
 * Secure files (docs/behaviour/secure-files.md). A signed-in user sends a contact a file, or a
 * link to send one back, from a conversation (another organisation's conversation answers 404);
 * the contact, without signing in, opens or sends it with the 6-digit code. Every failure of
 * the contact's side answers the same 404 `secure-file-unavailable`.
 */
export const secureFileEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/secure-files',
    tags,
    summary: 'Sends the contact one uploaded file by secure link and 6-digit code (e-mail)',
    params,
    body: sendSecureFileBodySchema,
    responses: { 201: messageSchema },
  }),
  request: endpoint({
    method: 'POST',
    path: '/api/conversations/:id/secure-file-requests',
    tags,
    summary: 'Sends the contact a secure link and code to send one file back (e-mail)',
    params,
    body: requestSecureFileBodySchema,
    responses: { 201: messageSchema },
  }),
  open: endpoint({
    method: 'POST',
    path: '/api/secure-files/open',
    tags,
    summary: 'Releases a secure file for its link’s token and code (a download; no sign-in)',
    body: openSecureFileBodySchema,
    responses: { 200: z.string() },
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/secure-files/upload',
    tags,
    summary: 'Sends the clinic one file for a request’s token and code (multipart; no sign-in)',
    query: secureFileUploadQuerySchema,
    responses: { 201: secureFileUploadedSchema },
  }),
};
