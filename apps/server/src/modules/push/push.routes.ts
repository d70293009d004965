import { pushEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { subscribeToPush, unsubscribeFromPush } from './push-subscriptions';
import { vapidDetails } from './vapid-keys';

/** Web Push (docs/behaviour/notifications.md, "Web Push"): every route is the signed-in user's own. */
export function pushRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  route(app, endpoints.vapidPublicKey, {
    access: 'session',
    handler: async () => ({ publicKey: (await vapidDetails(deps)).publicKey }),
  });
  route(app, endpoints.subscribe, {
    access: 'session',
    config: { errors: ['push-endpoint-refused'] },
    handler: async (request, reply) => {
      await subscribeToPush(deps, request.ctx, request.body);
      return reply.code(204).send(null);
    },
  });
  route(app, endpoints.unsubscribe, {
    access: 'session',
    handler: async (request, reply) => {
      await unsubscribeFromPush(deps, request.ctx, request.body.endpoint);
      return reply.code(204).send(null);
    },
  });
  return Promise.resolve();
}
