import { z } from 'zod';
import { MESSAGE_BODY_MAX_CHARS } from '../constants';

/** The largest picture a simulated phone sends (bytes): a phone's photo as a carrier carries it. */
export const SANDBOX_PICTURE_MAX_BYTES = 2_000_000;
/** The largest JSON body of a simulated phone's text with its picture (base64 is 4/3 of the bytes). */
export const SANDBOX_TEXT_BODY_LIMIT_BYTES = Math.ceil((SANDBOX_PICTURE_MAX_BYTES * 4) / 3) + 64_000;

/**
 * POST /api/sandbox/messages: a contact's phone texts a team's number: a text, a picture
 * (`picture`: its bytes in base64 and the type the phone gives it), or both; never neither.
 */
export const sandboxInboundRequestSchema = z
  .strictObject({
    from: z.string().min(1).max(40),
    to: z.string().min(1).max(40),
    body: z.string().max(MESSAGE_BODY_MAX_CHARS).default(''),
    picture: z
      .strictObject({
        contentType: z.string().min(1).max(100),
        data: z
          .base64()
          .min(1)
          .max(Math.ceil((SANDBOX_PICTURE_MAX_BYTES * 4) / 3)),
      })
      .optional(),
  })
  .refine((text) => text.body.length > 0 || text.picture !== undefined, {
    path: ['body'],
    message: 'A text needs words or a picture',
  });
export type SandboxInboundRequest = z.infer<typeof sandboxInboundRequestSchema>;

/** A text as the simulated phone network saw it. */
export const sandboxMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  body: z.string(),
  direction: z.enum(['to-phone', 'from-phone']),
  status: z.string(),
  /** A multimedia text's files: the URLs the phone loads them from, and their media types. */
  media: z.array(z.object({ url: z.string(), contentType: z.string() })),
  createdAt: z.iso.datetime(),
});
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>;

/** GET /api/sandbox/messages?number= — every text to or from that simulated phone, oldest first. */
export const sandboxListQuerySchema = z.strictObject({ number: z.string().min(1).max(40) });

/** GET /api/sandbox/directory — team numbers and contacts to pick in the simulator. */
export const sandboxDirectorySchema = z.object({
  teams: z.array(z.object({ organization: z.string(), label: z.string(), phoneNumber: z.string() })),
  contacts: z.array(z.object({ organization: z.string(), name: z.string(), phone: z.string() })),
});
export type SandboxDirectory = z.infer<typeof sandboxDirectorySchema>;
