import { AppError, normalizeOutboundPhone, type SandboxCall } from '@accueil/domain';
import { rooms } from '../../../realtime/publisher';
import type { CarrierHost } from '../../carrier-slot';
import type { InboundCallPlan } from '../voice-carrier';
import { SANDBOX_VOICE_CARRIER } from './sandbox-call-records';
import { startRingTimer } from './sandbox-ring-timeout';
import { presentSandboxCall, type CallerPlan } from './sandbox-switchboard';
import type { SandboxVoiceNetwork } from './sandbox-voice-media';

/** What the caller of an inbound call hears before a staff member takes it, from the app's plan. */
function callerPlan(plan: InboundCallPlan): CallerPlan {
  return {
    route: plan.route,
    greeting: plan.greeting,
    voicemailGreeting: plan.voicemailGreeting,
    voicemail: plan.voicemailGreeting.voicemail,
    queuePrompt: plan.queuePrompt,
  };
}

/**
 * POST /api/sandbox/voice/calls: the simulated phone `from` calls the team number `to`. The app
 * records it in the caller's conversation and decides its route (`VoiceInbox.startInboundCall`);
 * the sandbox honours it (docs/behaviour/calls.md, "Sandbox calls"): `ring` rings the members it
 * names whose voice device is registered (`voice:incoming` in their user rooms) until one answers
 * or `INBOUND_RING_TIMEOUT_S` passes (`startRingTimer`: then the queue or the voicemail); `queue`
 * and `voicemail` ring nobody. The phone then connects its media leg with the server, which plays
 * the greeting and the route's audio (`greetCaller`): the organisation's own greeting of the
 * period when it has one (its text, or its audio file or recording; turned off, no message is
 * taken), and in the queue the queue message between stretches of music.
 * @throws AppError `phone-invalid` (400) for a bad number, `not-found` (404) when no team has `to`.
 */
export async function dialFromPhone(
  deps: CarrierHost,
  net: SandboxVoiceNetwork,
  input: { from: string; to: string },
): Promise<SandboxCall> {
  const { switchboard } = net;
  const from = normalizeOutboundPhone(input.from);
  const to = normalizeOutboundPhone(input.to);
  if (!from || !to) throw new AppError('phone-invalid', 'Both numbers must be valid phone numbers');
  // The network's id comes first: the app keeps the call under it. Its team is the plan's.
  const opened = switchboard.open({
    organizationId: '',
    teamId: '',
    teamNumber: to,
    phone: from,
    direction: 'inbound',
    offeredTo: [],
    staffUserId: null,
  });
  const plan = await deps.voiceInbox
    .startInboundCall({ carrier: SANDBOX_VOICE_CARRIER, callSid: opened.id, from, to })
    .catch((error: unknown) => {
      switchboard.update(opened.id, { state: 'ended' });
      throw error;
    });
  if (!plan) {
    switchboard.update(opened.id, { state: 'ended' });
    throw new AppError('not-found', `No team has the number ${to}: pick one from the sandbox directory`);
  }
  const offeredTo = plan.route === 'ring' ? plan.identities.filter((id) => switchboard.isRegistered(id)) : [];
  // Only connected browsers ring: the last of them declining moves the call on.
  if (plan.route === 'ring' && offeredTo.length !== plan.identities.length)
    await deps.voiceInbox.ringingOnly({
      carrier: SANDBOX_VOICE_CARRIER,
      callSid: opened.id,
      identities: offeredTo,
    });
  const call =
    switchboard.update(opened.id, {
      organizationId: plan.organizationId,
      teamId: plan.teamId,
      recordId: plan.callId,
      offeredTo,
      plan: callerPlan(plan),
    }) ?? opened;
  const payload = { call: presentSandboxCall(call) };
  for (const userId of offeredTo) deps.realtime.publish(rooms.user(userId), 'voice:incoming', payload);
  if (plan.route === 'ring') startRingTimer(deps, net, call.id);
  return payload.call;
}
