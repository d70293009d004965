import { z } from 'zod';

/** Most mails one `GET /api/sandbox/mail` answers (the newest). */
export const SANDBOX_MAIL_PAGE_SIZE = 100;

/** A mail the sandbox e-mail carrier kept instead of sending it: both parts, as sent. */
export const sandboxMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type SandboxMail = z.infer<typeof sandboxMailSchema>;

/** GET /api/sandbox/mail?to=: the mails to one address (case-insensitive), or every mail. */
export const sandboxMailQuerySchema = z.strictObject({ to: z.string().trim().min(1).max(320).optional() });
