import multipart from '@fastify/multipart';
import {
  ATTACHMENT_RESIZABLE_IMAGE_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENT_UPLOADS_PER_USER_PER_MINUTE,
  attachmentEndpoints as endpoints,
} from '@accueil/domain';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { AppDeps } from '../../app-deps';
import { perAddressRateLimit } from '../../http/rate-limit-config';
import { route } from '../../http/route';
import { bearerToken } from '../../http/route-access';
import type { AppInstance } from '../../http/types';
import { getAttachment, readAttachmentContent } from './read-attachment';
import { removeAttachment } from './remove-attachment';
import { withUploadPart } from './read-upload-part';
import { sendStoredFile } from './send-stored-file';
import { uploadAttachment } from './upload-attachment';

/** Every type an attachment may be served as (API description). */
export const ATTACHMENT_SERVED_TYPES = [...Object.values(ATTACHMENT_TYPES).flat(), 'image/webp'];

/** Types a browser may show in place (`disposition=inline`); everything else downloads. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * Whose upload allowance a request takes from: the user the bearer token names (read unverified:
 * the route's authentication refuses a forged one anyway, this only picks a counter), else the
 * address.
 */
function uploaderKey(request: FastifyRequest): string {
  const token = bearerToken(request);
  try {
    const sub = token ? decodeJwt(token).sub : undefined;
    if (sub) return `user:${sub}`;
  } catch {
    // Not a JWT: counted by address.
  }
  return `ip:${request.ip}`;
}

/**
 * Attachments (docs/behaviour/attachments.md): every signed-in user uploads files for the
 * messages they compose (at most `ATTACHMENT_UPLOADS_PER_USER_PER_MINUTE` a minute, 10 at once)
 * and reads those of their organisation's messages; another organisation's id answers 404.
 */
export async function attachmentsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  route(app, endpoints.get, {
    access,
    config: { errors: ['not-found'] },
    handler: (request) => getAttachment(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.content, {
    access,
    config: { errors: ['not-found'], produces: ATTACHMENT_SERVED_TYPES },
    handler: async (request, reply) => {
      const { row, file } = await readAttachmentContent(deps, request.ctx, request.params.id);
      const inline = request.query.disposition === 'inline' && INLINE_TYPES.has(row.contentType);
      return sendStoredFile(reply, file, { contentType: row.contentType, name: row.name, inline });
    },
  });
  route(app, endpoints.thumbnail, {
    access,
    config: { errors: ['not-found'], produces: 'image/webp' },
    handler: async (request, reply) => {
      const { row, file } = await readAttachmentContent(deps, request.ctx, request.params.id, {
        thumbnail: true,
      });
      return sendStoredFile(reply, file, { contentType: 'image/webp', name: row.name, inline: true });
    },
  });
  route(app, endpoints.remove, {
    access,
    config: { errors: ['not-found'] },
    handler: async (request, reply) => {
      await removeAttachment(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });

  // The upload reads a multipart body: the parser is registered for this scope only. Its own
  // limit is the largest file any rule lets in; the use case stops each class at its own.
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: ATTACHMENT_RESIZABLE_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    route(scope, endpoints.upload, {
      access,
      config: {
        consumes: 'multipart/form-data',
        errors: [
          'file-unexpected',
          'image-too-large',
          'file-too-large',
          'pdf-too-large',
          'upload-incomplete',
          'payload-too-large',
          'too-many-requests',
        ],
        rateLimit: {
          ...perAddressRateLimit(ATTACHMENT_UPLOADS_PER_USER_PER_MINUTE, 60_000),
          keyGenerator: uploaderKey,
        },
      },
      handler: async (request, reply) =>
        withUploadPart(request, async (part) => {
          const attachment = await uploadAttachment(deps, request.ctx, {
            file: part.file,
            name: part.filename,
            size: request.query.size,
            resize: request.query.resize === 'true',
          });
          return reply.code(201).send(attachment);
        }),
    });
  });
}
