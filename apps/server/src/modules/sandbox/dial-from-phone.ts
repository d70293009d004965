import { AppError, normalizeOutboundPhone, type SandboxCall } from '@accueil/domain';
import type { HostDeps } from '../../app-deps';
import { presentSandboxCall } from '../../carriers/voice/sandbox/sandbox-switchboard';
import { rooms } from '../../realtime/publisher';
import { greetingFor, ringingOnly, startInboundCall } from '../calls/index';
import { findTeamByPhoneNumber } from '../teams/index';
import { SANDBOX_VOICE_CARRIER } from './sandbox-call-records';
import { startRingTimer } from './sandbox-ring-timeout';
import type { SandboxVoiceNetwork } from './sandbox-voice-media';

/**
 * POST /api/sandbox/voice/calls: the simulated phone `from` calls the team number `to`. The calls
 * module records it in the caller's conversation and decides its route (`startInboundCall`); the
 * sandbox honours it (docs/behaviour/calls.md, "Sandbox calls"): `ring` rings the members it names
 * whose voice device is registered (`voice:incoming` in their user rooms) until one answers or
 * `INBOUND_RING_TIMEOUT_S` passes (`startRingTimer`: then the queue or the voicemail); `queue` and `voicemail` ring nobody. The phone then connects its media leg with
 * the server, which plays the greeting and the route's audio (`greetCaller`): the organisation's
 * own greeting of the period when it has one (its text, or its audio file or recording; turned
 * off, no message is taken), and in the queue the queue message between stretches of music.
 * @throws AppError `phone-invalid` (400) for a bad number, `not-found` (404) when no team has `to`.
 */
export async function dialFromPhone(
  deps: HostDeps,
  net: SandboxVoiceNetwork,
  input: { from: string; to: string },
): Promise<SandboxCall> {
  const { switchboard } = net;
  const from = normalizeOutboundPhone(input.from);
  const to = normalizeOutboundPhone(input.to);
  if (!from || !to) throw new AppError('phone-invalid', 'Both numbers must be valid phone numbers');
  const team = await findTeamByPhoneNumber(deps, to);
  if (!team)
    throw new AppError('not-found', `No team has the number ${to}: pick one from the sandbox directory`);
  const opened = switchboard.open({
    organizationId: team.organizationId,
    teamId: team.id,
    teamNumber: to,
    phone: from,
    direction: 'inbound',
    offeredTo: [],
    staffUserId: null,
  });
  const decision = await startInboundCall(deps, {
    carrier: SANDBOX_VOICE_CARRIER,
    callSid: opened.id,
    from,
    to,
  });
  const route = decision?.route ?? 'voicemail';
  const offeredTo =
    route === 'ring' && decision ? decision.ringUserIds.filter((id) => switchboard.isRegistered(id)) : [];
  // Only connected browsers ring: the last of them declining moves the call on.
  if (route === 'ring' && offeredTo.length !== decision?.ringUserIds.length)
    await ringingOnly(deps, { carrier: SANDBOX_VOICE_CARRIER, callSid: opened.id, userIds: offeredTo });
  // The organisation's own greeting of the period (Phones settings) applies to the voicemail.
  const greetingOf = (r: typeof route) =>
    decision &&
    greetingFor({
      locale: decision.locale,
      organizationName: decision.organizationName,
      period: decision.period,
      route: r,
      custom: decision.custom,
    });
  const voicemailGreeting = greetingOf('voicemail');
  const plan =
    decision && voicemailGreeting
      ? {
          route,
          greeting: greetingOf(route)!,
          voicemailGreeting,
          voicemail: voicemailGreeting.voicemail,
          queue: decision.queue,
        }
      : null;
  const call =
    switchboard.update(opened.id, { recordId: decision?.call.id ?? null, offeredTo, plan }) ?? opened;
  const payload = { call: presentSandboxCall(call) };
  for (const userId of offeredTo) deps.realtime.publish(rooms.user(userId), 'voice:incoming', payload);
  if (route === 'ring' && plan) startRingTimer(deps, net, call.id);
  return payload.call;
}
