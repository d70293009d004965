import { AppError, normalizeOutboundPhone, type SandboxCall } from '@accueil/domain';
import type { HostDeps } from '../../app-deps';
import { presentSandboxCall } from '../../carriers/voice/sandbox/sandbox-switchboard';
import type { RequestContext } from '../../http/request-context';
import { startOutboundCall } from '../calls/index';
import { getTeam } from '../teams/index';
import { SANDBOX_VOICE_CARRIER } from './sandbox-call-records';
import { phoneRoom, SANDBOX_NAMESPACE } from './sandbox-namespace';
import type { SandboxVoiceNetwork } from './sandbox-voice-media';

/**
 * POST /api/voice/v1/sandbox/calls: the signed-in user calls the simulated phone `to` from their
 * current team's number; the phone simulators watching `to` ring (`voice:incoming`). The calls
 * module records it in that number's conversation (`startOutboundCall`, which also applies the
 * organisation's web-calls option and tier: `calls-disabled`, `forbidden`).
 * @throws AppError `phone-invalid` (400) for a bad number; `not-found` (404) when the user's current
 *   team is gone or has no number; `validation-failed` (400) when the user's device is not registered.
 */
export async function dialFromDevice(
  deps: HostDeps,
  { switchboard }: SandboxVoiceNetwork,
  ctx: RequestContext,
  input: { to: string },
): Promise<SandboxCall> {
  const to = normalizeOutboundPhone(input.to);
  if (!to) throw new AppError('phone-invalid', 'The number to call is not a valid phone number');
  if (!switchboard.isRegistered(ctx.userId))
    throw new AppError('validation-failed', 'Register the voice device first');
  const team = ctx.teamId ? await getTeam(deps, ctx.organizationId, ctx.teamId) : null;
  if (!team?.phoneNumber) throw new AppError('not-found', 'The current team has no phone number');
  const opened = switchboard.open({
    organizationId: ctx.organizationId,
    teamId: team.id,
    teamNumber: team.phoneNumber,
    phone: to,
    direction: 'outbound',
    offeredTo: [],
    staffUserId: ctx.userId,
  });
  const record = await startOutboundCall(deps, ctx, {
    to,
    callSid: opened.id,
    carrier: SANDBOX_VOICE_CARRIER,
  }).catch((error: unknown) => {
    switchboard.update(opened.id, { state: 'ended' });
    throw error;
  });
  const call = switchboard.update(opened.id, { recordId: record.id }) ?? opened;
  const payload = { call: presentSandboxCall(call) };
  deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(to), 'voice:incoming', payload);
  return payload.call;
}
