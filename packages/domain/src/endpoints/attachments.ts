import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  attachmentContentQuerySchema,
  attachmentIdParamsSchema,
  attachmentSchema,
  uploadAttachmentQuerySchema,
} from '../attachments/contracts';

const tags = ['attachments'] as const;
const params = attachmentIdParamsSchema;

/**
 * Attachments (docs/behaviour/attachments.md): every signed-in user uploads files for their
 * messages and reads those of their organisation; another organisation's id answers 404.
 */
export const attachmentEndpoints = {
  /** Multipart form with one file field (`file`), its length in `size`; sniffed, checked, stripped. */
  upload: endpoint({
    method: 'POST',
    path: '/api/attachments',
    tags,
    summary: 'Uploads a file for a message (multipart; checked against the attachment rules)',
    query: uploadAttachmentQuerySchema,
    responses: { 201: attachmentSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/attachments/:id',
    tags,
    summary: 'An attachment’s description',
    params,
    responses: { 200: attachmentSchema },
  }),
  content: endpoint({
    method: 'GET',
    path: '/api/attachments/:id/content',
    tags,
    summary: 'An attachment’s bytes: a download, or a sandboxed inline view of a picture or PDF',
    params,
    query: attachmentContentQuerySchema,
    responses: { 200: z.string() },
  }),
  thumbnail: endpoint({
    method: 'GET',
    path: '/api/attachments/:id/thumbnail',
    tags,
    summary: 'A picture’s thumbnail (WebP, at most 320 pixels wide)',
    params,
    responses: { 200: z.string() },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/attachments/:id',
    tags,
    summary: 'Removes an attachment not sent yet (its uploader only)',
    params,
    responses: { 204: z.null() },
  }),
};
