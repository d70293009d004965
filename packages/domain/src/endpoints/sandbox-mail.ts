import { z } from 'zod';
import { sandboxMailSendRequestSchema } from '../contracts/email';
import {
  sandboxMailAttachmentParamsSchema,
  sandboxMailQuerySchema,
  sandboxMailSchema,
} from '../contracts/sandbox-mail';
import { endpoint } from './endpoint';

const tags = ['sandbox'] as const;

/**
 * The sandbox e-mail carrier's mailbox (only with the sandbox e-mail carrier): the mails the
 * app would have sent, for the `/sandbox/mail` page and tests; no sign-in.
 */
export const sandboxMailEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/sandbox/mail',
    tags,
    summary: 'The newest mails kept by the sandbox mailbox, newest first',
    query: sandboxMailQuerySchema,
    responses: { 200: z.object({ items: z.array(sandboxMailSchema) }) },
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/api/sandbox/mail/attachments/:id',
    tags,
    summary: 'One file of a kept mail, as a download',
    params: sandboxMailAttachmentParamsSchema,
    responses: { 200: z.string() },
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/sandbox/mail',
    tags,
    summary: 'A contact’s mail program writes to a team’s mailbox (the e-mail channel’s sandbox vendor)',
    body: sandboxMailSendRequestSchema,
    responses: { 201: z.object({ id: z.string(), messageId: z.string() }) },
  }),
};
