import { automaticReplyEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { deleteAutomaticReply, listAutomaticReplies, putAutomaticReply } from './manage-automatic-replies';

/**
 * Automatic replies (docs/api.md "Automatic replies"): every member reads them; administrators
 * change them (403 otherwise); a team of another organisation answers 404.
 */
export function automationsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;
  route(app, endpoints.list, { access, handler: (request) => listAutomaticReplies(deps, request.ctx) });
  route(app, endpoints.put, {
    access,
    config: { errors: ['not-found'] },
    handler: (request) => putAutomaticReply(deps, request.ctx, request.body),
  });
  route(app, endpoints.delete, {
    access,
    handler: async (request, reply) => {
      await deleteAutomaticReply(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
  return Promise.resolve();
}
