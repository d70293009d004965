import multipart from '@fastify/multipart';
import {
  AppError,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_REQUESTS_PER_HOUR,
  SUPPORT_SCREENSHOT_MAX_BYTES,
  supportEndpoints as endpoints,
  supportRequestFieldsSchema,
} from '@accueil/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { MailAttachment } from '../../carriers/email/email-carrier';
import { perAddressRateLimit } from '../../http/rate-limit-config';
import { readMultipartForm } from '../../http/multipart-form';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { sendSupportRequest } from './send-support-request';
import { supportScreenshotAttachment } from './support-screenshot';

/** The spec's other fields of the request (name, email, user, organization): the session's are used instead. */
/** The form's text fields (the schema's); others, the identity ones included, are not read. */
const FORM_FIELDS = Object.keys(supportRequestFieldsSchema.shape);

/**
 * Reads the support form: its text fields (not the identity ones: the session answers for them)
 * and its one optional `screenshot` file (at most `SUPPORT_SCREENSHOT_MAX_BYTES`).
 * @throws AppError as `readMultipartForm`: 415 not multipart, 413 a larger screenshot, 400 a
 * field cut by the size limit or another file field.
 */
async function readSupportForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; screenshot: Buffer | null }> {
  const { fields, files } = await readMultipartForm(request, {
    files: ['screenshot'],
    fields: FORM_FIELDS,
    notMultipart: 'Send the request as multipart/form-data',
    tooLarge: `The screenshot must be ${SUPPORT_SCREENSHOT_MAX_BYTES / 1_000_000} MB or less`,
  });
  return { fields, screenshot: files.screenshot?.data ?? null };
}

/**
 * `POST /api/email/support` (docs/behaviour/support.md): any signed-in person; at most
 * `SUPPORT_REQUESTS_PER_HOUR` per user (then 429 with Retry-After). Answers 204 once the mail is
 * handed to the e-mail carrier.
 */
export async function supportRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: {
        fileSize: SUPPORT_SCREENSHOT_MAX_BYTES,
        files: 1,
        fields: 8,
        // Characters of UTF-8 take up to 4 bytes: the longest description fits.
        fieldSize: SUPPORT_DESCRIPTION_MAX_LENGTH * 4,
      },
    });
    route(scope, endpoints.sendSupportRequest, {
      access: 'session',
      config: {
        consumes: 'multipart/form-data',
        errors: ['mail-unavailable'],
        // Per person, not per address: a clinic's staff share one public address. The whole
        // hour's allowance may go at once (a second request right after the first is normal).
        rateLimit: {
          ...perAddressRateLimit(SUPPORT_REQUESTS_PER_HOUR, 3_600_000),
          burstMs: 3_600_000,
          keyGenerator: (request: FastifyRequest) => `support:${request.ctx?.userId ?? request.ip}`,
        },
      },
      handler: async (request, reply) => {
        const form = await readSupportForm(request);
        const parsed = supportRequestFieldsSchema.safeParse(form.fields);
        if (!parsed.success)
          throw new AppError(
            'validation-failed',
            'The support request is not valid',
            parsed.error.issues.map((issue) => ({
              location: 'body' as const,
              path: issue.path.join('.'),
              message: issue.message,
            })),
          );
        const screenshot: MailAttachment | null = form.screenshot
          ? await supportScreenshotAttachment(form.screenshot)
          : null;
        await sendSupportRequest(deps, request.ctx, { fields: parsed.data, screenshot });
        return reply.code(204).send(null);
      },
    });
  });
}
