import { callEndpoints as calls } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { answerCall } from './answer-call';
import { getCall } from './get-call';
import { holdCall } from './hold-call';
import { rejectCall } from './reject-call';
import { resumeCall } from './resume-call';
import { transferCall } from './transfer-call';

/**
 * The call panel's actions as the spec writes them (§7 "Voice": `POST voice/v1/calls/hold`,
 * `resume`, `transfer`, `answer`, `reject`, the call named by `callId` in the body). Each runs the
 * same use case as its `/calls/:id/<action>` form (the one the web app uses), so both answer
 * alike (the call in the body, so 404 is declared here: the description adds it only for a path
 * parameter): 404 for another organisation's call, 403 another team's, 409 `call-state-conflict`.
 */
export function callActionsInBodyRoutes(app: AppInstance, deps: AppDeps): void {
  const action = {
    access: 'session',
    config: { errors: ['not-found', 'call-state-conflict', 'carrier-unavailable'] },
  } as const;
  route(app, calls.answerNamed, {
    access: 'session',
    config: { errors: ['not-found', 'call-state-conflict'] },
    handler: async (request) => {
      const { callId } = request.body;
      await getCall(deps, request.ctx, { id: callId });
      return answerCall(deps, {
        organizationId: request.ctx.organizationId,
        callId,
        userId: request.ctx.userId,
      });
    },
  });
  route(app, calls.holdNamed, {
    ...action,
    handler: (request) => holdCall(deps, request.ctx, request.body.callId),
  });
  route(app, calls.resumeNamed, {
    ...action,
    handler: (request) => resumeCall(deps, request.ctx, request.body.callId),
  });
  route(app, calls.transferNamed, {
    ...action,
    config: { errors: ['not-found', 'call-state-conflict', 'carrier-unavailable', 'sip-line-unreachable'] },
    handler: (request) => transferCall(deps, request.ctx, request.body.callId, request.body),
  });
  route(app, calls.rejectNamed, {
    ...action,
    handler: (request) => rejectCall(deps, request.ctx, request.body.callId),
  });
}
