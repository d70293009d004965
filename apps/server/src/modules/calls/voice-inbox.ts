import { AppError, type CallRecordStatus } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { HostDeps } from '../../app-deps';
import type { InboundCallPlan, VoiceInbox } from '../../carriers/voice/voice-carrier';
import { calls } from '../../db/schema/calls';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import type { RequestContext } from '../../http/request-context';
import { readGreetingAudio } from '../phone-settings/index';
import { userScopeOf } from '../users/index';
import { teamQueueName } from './act-on-call';
import { answerCall } from './answer-call';
import { applyCallStatus } from './apply-call-status';
import { declineRinging, ringingOnly } from './decline-ringing';
import { endCall } from './end-call';
import { loadCallRow } from './call-views';
import type { CallRow } from './calls.presenter';
import { greetingFor } from './greetings';
import { recordVoicemail } from './record-voicemail';
import { requestCallback } from './request-callback';
import { ringUnanswered } from './ring-unanswered';
import { startInboundCall, type InboundCallDecision } from './start-inbound-call';
import { startOutboundCall } from './start-outbound-call';

/** A browser's identity is its user's id. */
const userId = z.uuid();

/**
 * The signed-in context of the user behind a browser's identity, as if they had called the API
 * from their current team.
 * @throws AppError 'forbidden' when the identity names no user.
 */
async function contextOfIdentity(deps: Pick<HostDeps, 'db'>, identity: string): Promise<RequestContext> {
  if (!userId.safeParse(identity).success) throw new AppError('forbidden', 'The browser names no user');
  const scope = await userScopeOf(deps, identity);
  if (!scope) throw new AppError('forbidden', 'The browser names no user');
  return { ...scope, sessionId: 'voice-webhook' };
}

/** What the carrier plays for an inbound call, from the calls module's decision (null: refuse the call). */
function planOf(decision: InboundCallDecision | null): InboundCallPlan | null {
  if (!decision) return null;
  return {
    callId: decision.call.id,
    organizationId: decision.call.organizationId,
    teamId: decision.teamId,
    greeting: greetingFor(decision),
    route: decision.route,
    queue: teamQueueName(decision.teamId),
    identities: decision.ringUserIds,
    queuePrompt: decision.queuePrompt,
    voicemailGreeting: greetingFor({ ...decision, route: 'voicemail' }),
  };
}

const bySid = (request: { carrier: string; callSid: string }) =>
  and(eq(calls.carrier, request.carrier), eq(calls.callSid, request.callSid))!;

/** The plan of a stored inbound call: startInboundCall answers its decision again and writes nothing. */
async function storedPlan(deps: HostDeps, call: CallRow): Promise<InboundCallPlan | null> {
  return planOf(
    await startInboundCall(deps, {
      carrier: call.carrier,
      callSid: call.callSid!,
      from: call.from,
      to: call.to,
    }),
  );
}

/** Where an inbound call that rang the team went once nobody answered (`ringUnanswered`): waiting in the queue, or the voicemail (never answered, not over). */
function movedOnTo(call: CallRow): 'queue' | 'voicemail' | null {
  if (call.endedAt || call.answeredAt) return null;
  if (call.phase === 'queued') return 'queue';
  return call.route === 'voicemail' && call.phase === 'ringing' ? 'voicemail' : null;
}

/**
 * Where the voice carriers' routes hand what they receive: the calls module's use cases. Each
 * finds its organisation from what the carrier sent (the team by the number called, the call by
 * the carrier's id, the user by the browser's identity), so it runs with named access across
 * organisations (db/tenant-scope.ts), then in the organisation's scope where it acts for a user.
 */
export function callsVoiceInbox(deps: HostDeps): VoiceInbox {
  return {
    startInboundCall: (request) =>
      withSystemAccess('inbound-webhook', async () => planOf(await startInboundCall(deps, request))),
    callPlan: (request) =>
      withSystemAccess('inbound-webhook', async () => {
        const call = await loadCallRow(deps.db, bySid(request));
        return call?.direction === 'inbound' ? storedPlan(deps, call) : null;
      }),
    ringEnded: (request) =>
      withSystemAccess('carrier-status', async () => {
        const before = await loadCallRow(deps.db, bySid(request));
        if (before?.id !== request.callId || before.direction !== 'inbound') return null;
        if (request.unanswered) await ringUnanswered(deps, request);
        // Moved on now, or already (the last decline may have come first): where it went.
        const call = (await loadCallRow(deps.db, bySid(request)))!;
        const next = movedOnTo(call);
        const plan = next && (await storedPlan(deps, call));
        return next && plan ? { next, plan } : null;
      }),
    startOutboundCall: async (request) => {
      const ctx = await withSystemAccess('inbound-webhook', () => contextOfIdentity(deps, request.identity));
      const call = await withOrganization(ctx.organizationId, async () => {
        const started = await startOutboundCall(deps, ctx, {
          to: request.to,
          callSid: request.callSid,
          carrier: request.carrier,
        });
        return (await loadCallRow(deps.db, eq(calls.id, started.id)))!;
      });
      return { from: call.from, to: call.to, callId: call.id, teamId: call.teamId };
    },
    applyCallStatus: async (report) => {
      await withSystemAccess('carrier-status', () =>
        applyCallStatus(deps, { ...report, status: report.status as CallRecordStatus }),
      );
    },
    answerCall: (request) =>
      withSystemAccess('carrier-status', async () => {
        const call = await loadCallRow(deps.db, bySid(request));
        if (!call) return;
        await answerCall(deps, {
          organizationId: call.organizationId,
          callId: call.id,
          userId: request.identity,
        }).catch((error: unknown) => {
          // A late answer of a call that ended meanwhile: nothing to record.
          if (!(error instanceof AppError && error.code === 'call-state-conflict')) throw error;
        });
      }),
    recordVoicemail: async (report) => {
      await withSystemAccess('carrier-status', () => recordVoicemail(deps, report));
    },
    greetingAudio: (request) =>
      withSystemAccess('inbound-webhook', () =>
        readGreetingAudio(deps, request.organizationId, request.greetingId),
      ),
    requestCallback: (request) =>
      withSystemAccess('carrier-status', async () => {
        const result = await requestCallback(deps, request);
        return result.outcome === 'refused' ? result : { outcome: result.outcome, speech: result.speech };
      }),
    ringingOnly: (request) =>
      withSystemAccess('carrier-status', () =>
        ringingOnly(deps, {
          carrier: request.carrier,
          callSid: request.callSid,
          userIds: request.identities,
        }),
      ),
    declineRinging: (request) =>
      withSystemAccess('carrier-status', () =>
        declineRinging(deps, {
          carrier: request.carrier,
          callSid: request.callSid,
          userId: request.identity,
        }),
      ),
    endCall: (request) =>
      withSystemAccess('carrier-status', async () => {
        const call = await loadCallRow(deps.db, bySid(request));
        if (!call) throw new AppError('not-found', 'Call not found');
        await endCall(deps, {
          organizationId: call.organizationId,
          callId: call.id,
          outcome: request.outcome,
        });
      }),
  };
}
