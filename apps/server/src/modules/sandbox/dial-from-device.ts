import { AppError, normalizeOutboundPhone, type SandboxCall } from '@accueil/domain';
import type { HostDeps } from '../../app-deps';
import { presentSandboxCall, type SandboxSwitchboard } from '../../carriers/voice/sandbox/sandbox-switchboard';
import type { RequestContext } from '../../http/request-context';
import { getTeam } from '../teams/index';
import { phoneRoom, SANDBOX_NAMESPACE } from './sandbox-namespace';

/**
 * POST /api/voice/v1/sandbox/calls: the signed-in user calls the simulated phone `to` from their
 * current team's number; the phone simulators watching `to` ring (`voice:incoming`).
 * @throws AppError `phone-invalid` (400) for a bad number; `not-found` (404) when the user's current
 *   team is gone or has no number; `validation-failed` (400) when the user's device is not registered.
 */
export async function dialFromDevice(deps: HostDeps, switchboard: SandboxSwitchboard, ctx: RequestContext, input: { to: string }): Promise<SandboxCall> {
  const to = normalizeOutboundPhone(input.to);
  if (!to) throw new AppError('phone-invalid', 'The number to call is not a valid phone number');
  if (!switchboard.isRegistered(ctx.userId)) throw new AppError('validation-failed', 'Register the voice device first');
  const team = ctx.teamId ? await getTeam(deps, ctx.organizationId, ctx.teamId) : null;
  if (!team?.phoneNumber) throw new AppError('not-found', 'The current team has no phone number');
  const call = switchboard.open({ organizationId: ctx.organizationId, teamId: team.id, teamNumber: team.phoneNumber, phone: to, direction: 'outbound', offeredTo: [], staffUserId: ctx.userId });
  const payload = { call: presentSandboxCall(call) };
  deps.realtime.publishIn(SANDBOX_NAMESPACE, phoneRoom(to), 'voice:incoming', payload);
  return payload.call;
}
