import { voiceEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { issueVoiceToken } from './issue-voice-token';

/**
 * Browser calls (docs/behaviour/calls.md): the voice device's access tokens. Every signed-in
 * member gets one while the organisation has web calls on; the refresh is the same token anew,
 * asked for by the device before the current one ends.
 */
export function callsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  for (const endpoint of [endpoints.token, endpoints.refresh]) {
    route(app, endpoint, {
      access: 'session',
      config: { errors: ['calls-disabled'] },
      handler: async (request, reply) => reply.header('cache-control', 'no-store').send(await issueVoiceToken(deps, request.ctx)),
    });
  }
  return Promise.resolve();
}
