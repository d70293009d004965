import { z } from 'zod';
import { ATTACHMENT_KINDS, ATTACHMENT_NAME_MAX_CHARS, ATTACHMENT_RESIZABLE_IMAGE_MAX_BYTES } from './rules';

/**
 * A file uploaded for a message (docs/behaviour/attachments.md). `contentType` is what the
 * content was sniffed as (a converted HEIC picture is `image/jpeg`), `size` the bytes kept (after
 * metadata stripping and any resize), `width`/`height` a picture's pixels (null otherwise),
 * `resized` when the server shrank the picture to fit, `thumbnail` when a thumbnail exists.
 * `messageId` is null until the attachment is sent with a message.
 */
export const attachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  size: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  resized: z.boolean(),
  thumbnail: z.boolean(),
  messageId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * Query of `POST /api/attachments` (multipart, one `file` field): `size`, the file's length in
 * bytes as the browser knows it (the body must hold exactly that many: fewer is a cut upload, more
 * is refused), checked against the limits before the body is read; `resize=true` when the user
 * agreed that a picture over 200 KB be shrunk to fit rather than refused.
 */
export const uploadAttachmentQuerySchema = z.strictObject({
  size: z.coerce.number().int().min(1).max(ATTACHMENT_RESIZABLE_IMAGE_MAX_BYTES),
  resize: z.enum(['true', 'false']).default('false'),
});
export type UploadAttachmentQuery = z.infer<typeof uploadAttachmentQuerySchema>;

/**
 * Query of `GET /api/attachments/:id/content`: `disposition=inline` views a picture or a PDF in
 * the browser (sandboxed: nothing in it runs); anything else, and every other type, downloads.
 */
export const attachmentContentQuerySchema = z.strictObject({
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});

/** Params of the attachment routes. */
export const attachmentIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A file name as kept: control characters and path separators removed, at most 200 characters. */
export function cleanAttachmentName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = (name ?? '').replace(/[\u0000-\u001f\u007f/\\]/g, '').trim();
  return cleaned.slice(0, ATTACHMENT_NAME_MAX_CHARS) || 'file';
}
