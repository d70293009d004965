import { callEndpoints as calls, voiceEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { answerCall } from './answer-call';
import { getCall } from './get-call';
import { hangUpCall } from './hang-up-call';
import { issueVoiceToken } from './issue-voice-token';
import { listConversationCalls } from './list-conversation-calls';
import { startOutboundCall } from './start-outbound-call';

/**
 * Browser calls (docs/behaviour/calls.md): the voice device's access tokens (every signed-in
 * member, while the organisation has web calls on; the refresh is the same token anew), and the
 * calls of the current team: read, place, answer, hang up. Every call route is authorised by
 * `call.handle` (calls.policy.ts): another organisation's call answers 404, another team's 403.
 */
export function callsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  for (const endpoint of [endpoints.token, endpoints.refresh]) {
    route(app, endpoint, {
      access: 'session',
      config: { errors: ['calls-disabled'] },
      handler: async (request, reply) => reply.header('cache-control', 'no-store').send(await issueVoiceToken(deps, request.ctx)),
    });
  }
  route(app, calls.listOfConversation, { access: 'session', handler: (request) => listConversationCalls(deps, request.ctx, request.params.id) });
  route(app, calls.get, { access: 'session', handler: (request) => getCall(deps, request.ctx, { id: request.params.id }) });
  route(app, calls.getBySid, { access: 'session', handler: (request) => getCall(deps, request.ctx, { sid: request.params.sid }) });
  route(app, calls.startOutbound, {
    access: 'session',
    config: { errors: ['calls-disabled', 'phone-invalid'] },
    handler: async (request, reply) => reply.code(201).send(await startOutboundCall(deps, request.ctx, { ...request.body, carrier: deps.voice.name })),
  });
  route(app, calls.answer, {
    access: 'session',
    config: { errors: ['call-state-conflict'] },
    handler: async (request) => {
      await getCall(deps, request.ctx, { id: request.params.id });
      return answerCall(deps, { organizationId: request.ctx.organizationId, callId: request.params.id, userId: request.ctx.userId });
    },
  });
  route(app, calls.hangUp, { access: 'session', config: { errors: ['carrier-unavailable'] }, handler: (request) => hangUpCall(deps, request.ctx, request.params.id) });
  return Promise.resolve();
}
