import { POST_MAX_BYTES, postEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { getPublicPost } from './public-post';
import { createPostLink } from './post-link';
import { deletePostSection, getPost, listPostSections } from './read-post';
import { searchPosts } from './search-posts';
import { createPost, updatePost } from './write-post';

/**
 * The content library (docs/behaviour/library.md; spec organisation-setup §7): every signed-in
 * user reads (what `post.read` lets them), marketing writes (`post.write`, else 403); the public
 * page of a published post needs no sign-in. A post's body may reach `POST_MAX_BYTES` (5 MB);
 * a larger one answers 413 `payload-too-large`.
 */
export function libraryRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
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
  return Promise.resolve();
}
