import multipart from '@fastify/multipart';
import { POST_IMAGE_UPLOAD_MAX_BYTES, POST_MAX_BYTES, postEndpoints as endpoints } from '@accueil/domain';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { StoredFile } from '../../carriers/storage/storage-carrier';
import { readMultipartForm } from '../../http/multipart-form';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { authorizePostWrite } from './library.policy';
import { readPostImage, uploadPostImage } from './post-images';
import { getPublicPost } from './public-post';
import { createPostLink } from './post-link';
import { deletePostSection, getPost, listPostSections } from './read-post';
import { searchPosts } from './search-posts';
import { createPost, updatePost } from './write-post';

/**
 * A post's picture as an answer that runs nothing: the type it was re-encoded to, `nosniff`, a
 * sandboxing CSP; cached for good (a picture's address never names other bytes).
 */
function sendPicture(reply: FastifyReply, file: StoredFile) {
  return reply
    .type(file.contentType)
    .header('content-length', file.size)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.stream);
}

/**
 * The content library (docs/behaviour/library.md; spec organisation-setup §7): every signed-in
 * user reads (what `post.read` lets them), marketing writes (`post.write`, else 403); the public
 * page of a published post needs no sign-in. A post's body may reach `POST_MAX_BYTES` (5 MB);
 * a larger one answers 413 `payload-too-large`. A post's pictures are uploaded by marketing and
 * served without sign-in.
 */
export async function libraryRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;
  route(app, endpoints.search, {
    access,
    // `clinic` naming another organisation answers 404 to whoever is not marketing.
    config: { errors: ['search-too-short', 'search-too-many-results', 'not-found'] },
    handler: (request) => searchPosts(deps, request.ctx, request.query),
  });
  route(app, endpoints.create, {
    access,
    bodyLimit: POST_MAX_BYTES,
    config: { errors: ['identifier-taken'] },
    handler: async (request, reply) =>
      reply.code(201).send(await createPost(deps, request.ctx, request.body)),
  });
  route(app, endpoints.get, {
    access,
    handler: (request) =>
      getPost(deps, request.ctx, { postId: request.params.id, locale: request.query.locale }),
  });
  route(app, endpoints.update, {
    access,
    bodyLimit: POST_MAX_BYTES,
    config: { errors: ['identifier-taken', 'post-version-conflict'] },
    handler: (request) => updatePost(deps, request.ctx, { postId: request.params.id, changes: request.body }),
  });
  route(app, endpoints.sections, {
    access,
    handler: (request) =>
      listPostSections(deps, request.ctx, { postId: request.params.id, locale: request.query.locale }),
  });
  route(app, endpoints.deleteSection, {
    access,
    handler: async (request, reply) => {
      await deletePostSection(deps, request.ctx, {
        postId: request.params.id,
        sectionId: request.params.sectionId,
        locale: request.query.locale,
      });
      return reply.code(204).send(null);
    },
  });
  route(app, endpoints.link, {
    access,
    handler: async (request, reply) =>
      reply.code(201).send(
        await createPostLink(deps, request.ctx, {
          postId: request.params.id,
          locale: request.query.locale,
        }),
      ),
  });
  route(app, endpoints.consultationAccess, {
    access,
    handler: (request) => ({
      enabled: deps.config.CONSULTATION_ORGANIZATION_IDS.includes(request.ctx.organizationId),
    }),
  });
  route(app, endpoints.publicPost, {
    access: 'public',
    handler: async (request, reply) => {
      const page = await getPublicPost(deps, { ...request.params, locale: request.query.locale });
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(page);
    },
  });
  route(app, endpoints.image, {
    access: 'public',
    config: { errors: ['not-found'], produces: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] },
    handler: async (request, reply) => {
      return sendPicture(reply, await readPostImage(deps, request.params));
    },
  });

  // The picture upload reads a multipart body: the parser is registered for this scope only.
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: POST_IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    route(scope, endpoints.uploadImage, {
      access,
      config: {
        consumes: 'multipart/form-data',
        errors: ['file-unexpected', 'image-too-large', 'payload-too-large'],
      },
      handler: async (request, reply) => {
        // Refused before the bytes are read: only marketing keeps pictures.
        authorizePostWrite(request.ctx);
        const { files } = await readMultipartForm(request, {
          files: ['file'],
          requiredFiles: ['file'],
          notMultipart: 'Send the picture as multipart/form-data (field "file")',
          tooLarge: 'The picture is larger than 20 MB',
        });
        const { data: content, fileName: name } = files.file!;
        const image = await uploadPostImage(deps, request.ctx, { content, name });
        return reply.code(201).send(image);
      },
    });
  });
}
