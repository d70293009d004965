import multipart from '@fastify/multipart';
import {
  AppError,
  ATTACHMENT_RESIZABLE_IMAGE_MAX_BYTES,
  SECURE_FILE_ATTEMPTS_PER_ADDRESS_PER_HOUR,
  secureFileEndpoints as endpoints,
  secureFileUploadFieldsSchema,
} from '@accueil/domain';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { perAddressRateLimit } from '../../http/rate-limit-config';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import {
  ATTACHMENT_SERVED_TYPES,
  readAttachmentFile,
  sendStoredFile,
  withUploadPart,
} from '../attachments/index';
import { receiveSecureFile } from './receive-secure-file';
import { sendSecureFile, type SecureFileToSend } from './send-secure-file';
import { secureFileUnavailable, unlockSecureFile } from './unlock-secure-file';

const HOUR_MS = 3_600_000;

/**
 * The contact's attempts, per client address and route, across every secure file:
 * `SECURE_FILE_ATTEMPTS_PER_ADDRESS_PER_HOUR` an hour, half of them at once (the app's rate
 * limit store: Redis when configured, so it holds across processes), then 429 with `Retry-After`.
 */
const attemptsPerAddress = {
  ...perAddressRateLimit(SECURE_FILE_ATTEMPTS_PER_ADDRESS_PER_HOUR, HOUR_MS),
  burstMs: HOUR_MS / 2,
};

/** The contact's side answers these, and nothing that tells one failure from another. */
const CONTACT_ERRORS = ['secure-file-unavailable', 'too-many-requests'] as const;

/**
 * Secure files (docs/behaviour/secure-files.md): a signed-in user sends one from a
 * conversation they may text from; a contact opens it (`/secure`) or sends one back
 * (`/send-file`) with the link's token and the code, without signing in.
 */
export async function secureFilesRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const sendErrors = ['not-found', 'forbidden', 'contact-in-flow', 'contact-without-email'] as const;
  const sent = async (
    reply: FastifyReply,
    ctx: RequestContext,
    conversationId: string,
    what: SecureFileToSend,
  ) => reply.code(201).send(await sendSecureFile(deps, ctx, { conversationId, ...what }));
  route(app, endpoints.send, {
    access: 'session',
    config: { errors: [...sendErrors, 'attachments-too-large'] },
    handler: (request, reply) =>
      sent(reply, request.ctx, request.params.id, { kind: 'file', ...request.body }),
  });
  route(app, endpoints.request, {
    access: 'session',
    config: { errors: [...sendErrors] },
    handler: (request, reply) =>
      sent(reply, request.ctx, request.params.id, { kind: 'request', ...request.body }),
  });
  route(app, endpoints.open, {
    access: 'public',
    config: { errors: [...CONTACT_ERRORS], produces: ATTACHMENT_SERVED_TYPES, rateLimit: attemptsPerAddress },
    handler: async (request, reply) =>
      unlockSecureFile(deps, { ...request.body, kind: 'file' }, async (row) => {
        const kept = row.attachmentId
          ? await readAttachmentFile(deps, row.organizationId, row.attachmentId)
          : null;
        if (!kept) throw secureFileUnavailable();
        return sendStoredFile(reply, kept.file, {
          contentType: kept.contentType,
          name: kept.name,
          inline: false,
          cacheControl: 'no-store',
        });
      }),
  });

  // The contact's upload reads a multipart form: its two fields (token, code) first, then one file.
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: {
        fileSize: ATTACHMENT_RESIZABLE_IMAGE_MAX_BYTES,
        files: 1,
        fields: 2,
        parts: 3,
        fieldSize: 100,
      },
    });
    route(scope, endpoints.upload, {
      access: 'public',
      config: {
        consumes: 'multipart/form-data',
        errors: [
          ...CONTACT_ERRORS,
          'file-unexpected',
          'image-too-large',
          'file-too-large',
          'pdf-too-large',
          'upload-incomplete',
          'payload-too-large',
        ],
        rateLimit: attemptsPerAddress,
      },
      handler: async (request, reply) =>
        withUploadPart(request, async (part) => {
          const value = (name: string) => {
            const field = part.fields[name];
            return field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
          };
          const fields = secureFileUploadFieldsSchema.safeParse({
            token: value('token'),
            code: value('code'),
          });
          if (!fields.success)
            throw new AppError(
              'validation-failed',
              'Send the link’s token and the 6-digit code before the file',
              [{ location: 'body', path: 'code', message: 'invalid' }],
            );
          const kept = await unlockSecureFile(deps, { ...fields.data, kind: 'request' }, (row) =>
            receiveSecureFile(deps, row, { file: part.file, name: part.filename, size: request.query.size }),
          );
          return reply.code(201).send(kept);
        }),
    });
  });
}
