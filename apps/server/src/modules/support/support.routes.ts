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
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { sendSupportRequest } from './send-support-request';
import { supportScreenshotAttachment } from './support-screenshot';

/** The spec's other fields of the request (name, email, user, organization): the session's are used instead. */
const SESSION_FIELDS = new Set(['name', 'email', 'user', 'organization']);

/**
 * Reads the support form: its text fields and its one optional `screenshot` file (at most
 * `SUPPORT_SCREENSHOT_MAX_BYTES`). @throws AppError 'unsupported-media-type' for a body that is not
 * multipart, 'payload-too-large' for a larger screenshot, 'validation-failed' for a field cut by
 * the size limit or an unknown file field.
 */
async function readSupportForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; screenshot: Buffer | null }> {
  if (!request.isMultipart())
    throw new AppError('unsupported-media-type', 'Send the request as multipart/form-data');
  const fields: Record<string, string> = {};
  let screenshot: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'screenshot')
          throw new AppError('validation-failed', 'The only file is the screenshot', [
            { location: 'body', path: part.fieldname, message: 'not-in' },
          ]);
        screenshot = await part.toBuffer();
      } else if (part.valueTruncated) {
        throw new AppError('validation-failed', `The field ${part.fieldname} is too long`, [
          { location: 'body', path: part.fieldname, message: 'maxLength' },
        ]);
      } else if (!SESSION_FIELDS.has(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        'payload-too-large',
        `The screenshot must be ${SUPPORT_SCREENSHOT_MAX_BYTES / 1_000_000} MB or less`,
      );
    throw err;
  }
  return { fields, screenshot: screenshot && screenshot.length > 0 ? screenshot : null };
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
