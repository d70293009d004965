import { linkEndpoints as endpoints, SHORT_LINK_CODE_CHARS } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { createShortLink } from './create-short-link';
import { followShortLink } from './follow-short-link';

const CODE_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${SHORT_LINK_CODE_CHARS}}$`);

/**
 * Short links (docs/behaviour/short-links.md): POST /api/link/create for a signed-in user, and
 * the redirect `/l/:code` for anyone (302 to the target; 404 for an unknown code).
 */
export function linksRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  route(app, endpoints.create, {
    access: 'session',
    config: { errors: ['url-invalid'] },
    handler: async (request, reply) =>
      reply.code(201).send(await createShortLink(deps, request.ctx, request.body.url)),
  });
  app.get<{ Params: { code: string } }>(
    '/l/:code',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const url = CODE_PATTERN.test(request.params.code)
        ? await followShortLink(deps, request.params.code)
        : null;
      if (!url)
        return reply.code(404).type('text/plain; charset=utf-8').send('Lien introuvable / Link not found');
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(url, 302);
    },
  );
  return Promise.resolve();
}
