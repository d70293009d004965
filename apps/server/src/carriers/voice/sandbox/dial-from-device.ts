import { AppError, normalizeOutboundPhone, type SandboxCall } from '@accueil/domain';
import type { RequestContext } from '../../../http/request-context';
import type { CarrierHost } from '../../carrier-slot';
import { phoneRoom, SANDBOX_NAMESPACE } from '../../messaging/sandbox/sandbox-namespace';
import { SANDBOX_VOICE_CARRIER } from './sandbox-call-records';
import { presentSandboxCall } from './sandbox-switchboard';
import type { SandboxVoiceNetwork } from './sandbox-voice-media';

/**
 * POST /api/voice/v1/sandbox/calls: the signed-in user calls the simulated phone `to` from their
 * current team's number; the phone simulators watching `to` ring (`voice:incoming`). The app
 * records it in that number's conversation (`VoiceInbox.startOutboundCall`, which also applies the
 * organisation's web-calls option and tier).
 * @throws AppError `phone-invalid` (400) for a bad number or a team without one;
 *   `validation-failed` (400) when the user's device is not registered; `calls-disabled`,
 *   `forbidden` (403) as `startOutboundCall` (web calls off, a tier without them, no team).
 */
export async function dialFromDevice(
  deps: CarrierHost,
  { switchboard }: SandboxVoiceNetwork,
  ctx: RequestContext,
  input: { to: string },
): Promise<SandboxCall> {
  const to = normalizeOutboundPhone(input.to);
  if (!to) throw new AppError('phone-invalid', 'The number to call is not a valid phone number');
  if (!switchboard.isRegistered(ctx.userId))
    throw new AppError('validation-failed', 'Register the voice device first');
  // The network's id comes first: the app keeps the call under it. Its team and number are the app's answer.
  const opened = switchboard.open({
    organizationId: ctx.organizationId,
    teamId: ctx.teamId ?? '',
    teamNumber: '',
    phone: to,
    direction: 'outbound',
    offeredTo: [],
    staffUserId: ctx.userId,
  });
  const record = await deps.voiceInbox
    .startOutboundCall({ carrier: SANDBOX_VOICE_CARRIER, callSid: opened.id, identity: ctx.userId, to })
    .catch((error: unknown) => {
      switchboard.update(opened.id, { state: 'ended' });
      throw error;
    });
  const call =
    switchboard.update(opened.id, {
      recordId: record.callId,
      teamId: record.teamId,
      teamNumber: record.from,
    }) ?? opened;
  const payload = { call: presentSandboxCall(call) };
  deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(to), 'voice:incoming', payload);
  return payload.call;
}
