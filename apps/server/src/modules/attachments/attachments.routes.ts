import multipart from '@fastify/multipart';
import {
  AppError,
  ATTACHMENT_RESIZABLE_IMAGE_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENT_UPLOADS_PER_USER_PER_MINUTE,
  attachmentEndpoints as endpoints,
} from '@accueil/domain';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { AppDeps } from '../../app-deps';
import type { StoredFile } from '../../carriers/storage/storage-carrier';
import { perAddressRateLimit } from '../../http/rate-limit-config';
import { route } from '../../http/route';
import { bearerToken } from '../../http/route-access';
import type { AppInstance } from '../../http/types';
import { getAttachment, readAttachmentContent } from './read-attachment';
import { removeAttachment } from './remove-attachment';
import { uploadAttachment } from './upload-attachment';

/** Every type an attachment may be served as (API description). */
const SERVED_TYPES = [...Object.values(ATTACHMENT_TYPES).flat(), 'image/webp'];

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
 * A stored file as an answer that runs nothing: its sniffed type, `nosniff`, a CSP that allows
 * no script, no plugin, no frame and sandboxes the document, private caching, and
 * `Content-Disposition: attachment` with its name unless a picture is viewed in place.
 */
function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  served: { contentType: string; name: string; inline: boolean },
) {
  return reply
    .type(served.contentType)
    .header('content-length', file.size)
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header(
      'content-disposition',
      contentDisposition(served.name, { type: served.inline ? 'inline' : 'attachment' }),
    )
    .send(file.stream);
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
    config: { errors: ['not-found'], produces: SERVED_TYPES },
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
      handler: async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError('unsupported-media-type', 'Send the file as multipart/form-data (field "file")');
        const part = await request.file().catch((error: unknown) => {
          // A body that is no well-formed multipart form (cut, no boundary, bad headers) is the client's fault.
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 413) throw new AppError('payload-too-large', 'Send one file and nothing else');
          throw new AppError('validation-failed', 'The multipart form could not be read', [
            { location: 'body', path: 'file', message: 'invalid' },
          ]);
        });
        if (!part || part.fieldname !== 'file')
          throw new AppError('validation-failed', 'Send the file in the "file" field', [
            { location: 'body', path: 'file', message: 'required' },
          ]);
        try {
          const attachment = await uploadAttachment(deps, request.ctx, {
            file: part.file,
            name: part.filename,
            size: request.query.size,
            resize: request.query.resize === 'true',
          });
          return await reply.code(201).send(attachment);
        } finally {
          // A refused upload is read to its end (bounded by the parser's limit): the answer then
          // goes out on a connection in a known state.
          part.file.resume();
        }
      },
    });
  });
}
