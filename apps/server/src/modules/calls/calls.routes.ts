import { callEndpoints as calls, voiceEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { answerCall } from './answer-call';
import { callActionsInBodyRoutes } from './call-actions-in-body.routes';
import { listTransferTargets } from './list-transfer-targets';
import { deleteRecording, getRecordingAudio, getRecordingLength } from './call-recordings';
import { getCall } from './get-call';
import { hangUpCall } from './hang-up-call';
import { issueVoiceToken } from './issue-voice-token';
import { listConversationCalls } from './list-conversation-calls';
import { startOutboundCall } from './start-outbound-call';
import { holdCall } from './hold-call';
import { listTeamQueue } from './list-team-queue';
import { parkCall } from './park-call';
import { pickCall } from './pick-call';
import { rejectAllCalls, rejectCall } from './reject-call';
import { resumeCall } from './resume-call';
import { sendCallToQueue } from './send-call-to-queue';
import { transferCall } from './transfer-call';

/**
 * Browser calls (docs/behaviour/calls.md): the voice device's access tokens (every signed-in
 * member, while the organisation has web calls on; the refresh is the same token anew), and the
 * calls of the current team: read, place, answer, and the call panel's actions (hold, resume,
 * transfer, send to the queue, park, pick, hang up), its queue, where a call can be transferred,
 * and the recordings (voicemail) of its calls. Every call route is authorised by
 * `call.handle` (calls.policy.ts): another organisation's call answers 404, another team's 403.
 */
export function callsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  for (const endpoint of [endpoints.token, endpoints.refresh]) {
    route(app, endpoint, {
      access: 'session',
      config: { errors: ['calls-disabled'] },
      handler: async (request, reply) =>
        reply.header('cache-control', 'no-store').send(await issueVoiceToken(deps, request.ctx)),
    });
  }
  route(app, calls.listOfConversation, {
    access: 'session',
    handler: (request) => listConversationCalls(deps, request.ctx, request.params.id),
  });
  route(app, calls.get, {
    access: 'session',
    handler: (request) => getCall(deps, request.ctx, { id: request.params.id }),
  });
  route(app, calls.getBySid, {
    access: 'session',
    handler: (request) => getCall(deps, request.ctx, { sid: request.params.sid }),
  });
  route(app, calls.startOutbound, {
    access: 'session',
    config: { errors: ['calls-disabled', 'phone-invalid', 'address-not-phone'] },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await startOutboundCall(deps, request.ctx, { ...request.body, carrier: deps.voice.name })),
  });
  route(app, calls.answer, {
    access: 'session',
    config: { errors: ['call-state-conflict'] },
    handler: async (request) => {
      await getCall(deps, request.ctx, { id: request.params.id });
      return answerCall(deps, {
        organizationId: request.ctx.organizationId,
        callId: request.params.id,
        userId: request.ctx.userId,
      });
    },
  });
  // The panel's actions: each refused with 409 `call-state-conflict` when the call's state does not allow it.
  const action = {
    access: 'session',
    config: { errors: ['call-state-conflict', 'carrier-unavailable'] },
  } as const;
  route(app, calls.hangUp, {
    ...action,
    handler: (request) => hangUpCall(deps, request.ctx, request.params.id),
  });
  route(app, calls.hold, { ...action, handler: (request) => holdCall(deps, request.ctx, request.params.id) });
  route(app, calls.resume, {
    ...action,
    handler: (request) => resumeCall(deps, request.ctx, request.params.id),
  });
  route(app, calls.transfer, {
    ...action,
    config: { errors: ['call-state-conflict', 'carrier-unavailable', 'sip-line-unreachable'] },
    handler: (request) => transferCall(deps, request.ctx, request.params.id, request.body),
  });
  route(app, calls.sendToQueue, {
    ...action,
    handler: (request) => sendCallToQueue(deps, request.ctx, request.params.id),
  });
  route(app, calls.park, { ...action, handler: (request) => parkCall(deps, request.ctx, request.params.id) });
  route(app, calls.pick, {
    ...action,
    config: { errors: ['call-state-conflict', 'carrier-unavailable', 'not-found'] },
    handler: (request) => pickCall(deps, request.ctx, request.body),
  });
  route(app, calls.reject, {
    ...action,
    handler: (request) => rejectCall(deps, request.ctx, request.params.id),
  });
  route(app, calls.rejectAll, { ...action, handler: (request) => rejectAllCalls(deps, request.ctx) });
  callActionsInBodyRoutes(app, deps);
  route(app, calls.queue, { access: 'session', handler: (request) => listTeamQueue(deps, request.ctx) });
  route(app, calls.transferTargets, {
    access: 'session',
    handler: (request) => listTransferTargets(deps, request.ctx),
  });
  route(app, calls.recording, {
    access: 'session',
    config: { produces: 'audio/*', errors: ['not-found', 'recording-deleted', 'carrier-unavailable'] },
    handler: async (request, reply) => {
      const audio = await getRecordingAudio(deps, request.ctx, request.query);
      // Private to the signed-in user's browser: a recording is a client's voice. Fastify sends a
      // Buffer as is (no serializer); the endpoint's `string` schema only describes it to OpenAPI.
      const bytes = Buffer.from(audio.bytes) as unknown as string;
      return reply.type(audio.contentType).header('cache-control', 'private, max-age=300').send(bytes);
    },
  });
  route(app, calls.recordingLength, {
    access: 'session',
    config: { errors: ['not-found'] },
    handler: (request) => getRecordingLength(deps, request.ctx, request.query.recordingId),
  });
  route(app, calls.deleteRecording, {
    access: 'session',
    handler: async (request, reply) => {
      await deleteRecording(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
  return Promise.resolve();
}
