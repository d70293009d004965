import { AppError, normalizeOutboundPhone, type SandboxCall } from '@accueil/domain';
import type { HostDeps } from '../../app-deps';
import { presentSandboxCall, type SandboxSwitchboard } from '../../carriers/voice/sandbox/sandbox-switchboard';
import { rooms } from '../../realtime/publisher';
import { startInboundCall } from '../calls/index';
import { findTeamByPhoneNumber, listMemberships } from '../teams/index';
import { SANDBOX_VOICE_CARRIER } from './sandbox-call-records';

/**
 * POST /api/sandbox/voice/calls: the simulated phone `from` calls the team number `to`. The call
 * rings every member of that team whose voice device is registered (`voice:incoming` in their
 * user rooms); it rings on, unanswered, when none is. The calls module records it in the caller's
 * conversation (`startInboundCall`); the sandbox rings whatever route that record names (it has no
 * greeting, queue or voicemail audio yet).
 * @throws AppError `phone-invalid` (400) for a bad number, `not-found` (404) when no team has `to`.
 */
export async function dialFromPhone(deps: HostDeps, switchboard: SandboxSwitchboard, input: { from: string; to: string }): Promise<SandboxCall> {
  const from = normalizeOutboundPhone(input.from);
  const to = normalizeOutboundPhone(input.to);
  if (!from || !to) throw new AppError('phone-invalid', 'Both numbers must be valid phone numbers');
  const team = await findTeamByPhoneNumber(deps, to);
  if (!team) throw new AppError('not-found', `No team has the number ${to}: pick one from the sandbox directory`);
  const members = await listMemberships(deps, { organizationId: team.organizationId, teamIds: [team.id] });
  const offeredTo = members.map((m) => m.userId).filter((id) => switchboard.isRegistered(id));
  const opened = switchboard.open({ organizationId: team.organizationId, teamId: team.id, teamNumber: to, phone: from, direction: 'inbound', offeredTo, staffUserId: null });
  const decision = await startInboundCall(deps, { carrier: SANDBOX_VOICE_CARRIER, callSid: opened.id, from, to });
  const call = switchboard.update(opened.id, { recordId: decision?.call.id ?? null }) ?? opened;
  const payload = { call: presentSandboxCall(call) };
  for (const userId of offeredTo) deps.realtime.publish(rooms.user(userId), 'voice:incoming', payload);
  return payload.call;
}
