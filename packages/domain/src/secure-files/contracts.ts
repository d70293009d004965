import { z } from 'zod';
import { SECURE_FILE_KINDS, SECURE_FILE_SALUTATIONS, SECURE_FILE_STATES } from './rules';

/**
 * A secure file as its message shows it in the conversation's timeline: its kind, the file's
 * name and size in bytes (null for a request not answered yet), when its link stops working,
 * its state. Never the code or the link.
 */
export const secureFileSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(SECURE_FILE_KINDS),
  name: z.string().nullable(),
  size: z.number().int().nullable(),
  expiresAt: z.iso.datetime(),
  state: z.enum(SECURE_FILE_STATES),
});
export type SecureFileSummary = z.infer<typeof secureFileSummarySchema>;

/** Body of `POST /api/conversations/:id/secure-files`: the user's unsent upload and the salutation. */
export const sendSecureFileBodySchema = z.strictObject({
  attachmentId: z.uuid(),
  salutation: z.enum(SECURE_FILE_SALUTATIONS),
});
export type SendSecureFileBody = z.infer<typeof sendSecureFileBodySchema>;

/** Body of `POST /api/conversations/:id/secure-file-requests`: the salutation. */
export const requestSecureFileBodySchema = z.strictObject({
  salutation: z.enum(SECURE_FILE_SALUTATIONS),
});
export type RequestSecureFileBody = z.infer<typeof requestSecureFileBodySchema>;

/** The link's secret (from `?token=`) as the pages send it: base64url, 43 characters. */
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
/** A code as typed: six digits (any other shape is refused as input, before any file is looked at). */
const codeSchema = z.string().regex(/^\d{6}$/);

/** Body of `POST /api/secure-files/open` (`/secure`): the link's token and the code. */
export const openSecureFileBodySchema = z.strictObject({ token: tokenSchema, code: codeSchema });
export type OpenSecureFileBody = z.infer<typeof openSecureFileBodySchema>;

/**
 * Query of `POST /api/secure-files/upload` (`/send-file`, multipart: fields `token` and `code`
 * first, then `file`): `size`, the file's length in bytes, as for an attachment.
 */
export const secureFileUploadQuerySchema = z.strictObject({
  size: z.coerce.number().int().min(1).max(20_000_000),
});

/** Fields of the `/send-file` form, read before its file. */
export const secureFileUploadFieldsSchema = openSecureFileBodySchema;

/** Answer of a `/send-file` upload: the file's name and size as kept. */
export const secureFileUploadedSchema = z.object({ name: z.string(), size: z.number().int() });
