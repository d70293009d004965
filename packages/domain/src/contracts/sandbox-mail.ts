import { z } from 'zod';

/** Most mails one `GET /api/sandbox/mail` answers (the newest). */
export const SANDBOX_MAIL_PAGE_SIZE = 100;

/**
 * A file a kept mail carried (its bytes at `GET /api/sandbox/mail/attachments/{id}`): `contentId`
 * names an inline part, which the HTML shows as `cid:<contentId>`.
 */
export const sandboxMailAttachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  contentId: z.string().nullable(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
});
export type SandboxMailAttachment = z.infer<typeof sandboxMailAttachmentSchema>;

/** A mail the sandbox e-mail carrier kept instead of sending it: both parts and its files, as sent. */
export const sandboxMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  attachments: z.array(sandboxMailAttachmentSchema),
  /** Its Message-ID when it is a team's mail of the e-mail channel (a reply answers it), else null. */
  messageId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SandboxMail = z.infer<typeof sandboxMailSchema>;

/** GET /api/sandbox/mail?to=: the mails to one address (case-insensitive), or every mail. */
export const sandboxMailQuerySchema = z.strictObject({ to: z.string().trim().min(1).max(320).optional() });

/** GET /api/sandbox/mail/attachments/{id}: one file of a kept mail. */
export const sandboxMailAttachmentParamsSchema = z.strictObject({ id: z.uuid() });
