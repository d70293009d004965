import { AppError, targetOfTransferRequest, type Call, type TransferCallRequest } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from '../organizations/index';
import { callActionSettings } from '../phone-settings/index';
import { getTeam, listMemberships } from '../teams/index';
import { listUserSummaries } from '../users/index';
import { actOnCall, refuseCallAction, teamQueueName } from './act-on-call';
import { announceCallTo } from './call-events';
import { callById } from './calls.policy';
import { transferCallOutside } from './transfer-call-outside';

/**
 * POST /api/voice/v1/calls/:id/transfer: hands an answered call (in progress or held) to another
 * team of the organisation, or to one user of it; or to a transfer extension or a SIP line
 * (`transferCallOutside`). The call becomes that team's (transferred,
 * from the team it was in): to a user, their device rings; to a team, its queue when the team's
 * own switch (Phones settings) or else the organisation has it on, else every member who is not
 * disabled rings (the first to answer takes it). Both teams get `call:updated`. A call not answered yet, queued, parked or over answers
 * 409, as does a team with nobody to ring.
 * The request names its target in the spec's fields (`targetOfTransferRequest`).
 * @throws AppError 'transfer-target-invalid' (400) when it names none or more than one;
 *   'validation-failed' when its `callId` is not the path's; 'not-found' for a team or user not
 *   of the organisation (or a user not in that team); and as `actOnCall`.
 */
export async function transferCall(
  deps: AppDeps,
  ctx: RequestContext,
  callId: string,
  input: TransferCallRequest,
): Promise<Call> {
  if (input.callId !== undefined && input.callId !== callId) {
    throw new AppError('validation-failed', 'callId is not the call of the path', [
      { location: 'body', path: 'callId', message: 'call-id-mismatch' },
    ]);
  }
  const target = targetOfTransferRequest(input);
  if (!target)
    throw new AppError(
      'transfer-target-invalid',
      'Give one target: toUserGroup (and to: one of its users, or a SIP line), to (a SIP line) or toExtension',
    );
  if (target.kind === 'extension')
    return transferCallOutside(deps, ctx, callId, { toExtensionId: target.extensionId });
  if (target.kind === 'sip') return transferCallOutside(deps, ctx, callId, { toSipUser: target.sip });
  return transferToTeam(
    deps,
    ctx,
    callId,
    target.kind === 'user'
      ? { teamId: target.teamId, userId: target.userId }
      : { teamId: target.teamId, userId: null },
  );
}

/** A transfer to a team, or to one user of it (`transferCall`). */
async function transferToTeam(
  deps: AppDeps,
  ctx: RequestContext,
  callId: string,
  input: { teamId: string; userId: string | null },
): Promise<Call> {
  const team = await getTeam(deps, ctx.organizationId, input.teamId);
  if (!team) throw new AppError('not-found', 'Team not found');
  const members = await listMemberships(deps, { organizationId: ctx.organizationId, teamIds: [team.id] });
  const reachable = (
    await listUserSummaries(deps, {
      organizationId: ctx.organizationId,
      userIds: members.map((m) => m.userId),
    })
  )
    .filter((u) => !u.disabled)
    .map((u) => u.id);
  if (input.userId && !reachable.includes(input.userId))
    throw new AppError('not-found', 'User not found in that team');
  // The target team's own queue switch (Phones settings) wins over the organisation's option.
  const { teamQueueEnabled } = await callActionSettings(deps, {
    organizationId: ctx.organizationId,
    teamId: team.id,
  });
  const queueEnabled =
    teamQueueEnabled ??
    (await getOrganizationSettings(deps, ctx.organizationId))?.options.voiceQueue.enabled ??
    false;
  let fromTeamId = '';
  const call = await actOnCall(deps, ctx, callById(ctx, callId), (row, queue) => {
    if (row.phase !== 'in-progress' && row.phase !== 'hold')
      throw refuseCallAction('Only an answered call can be transferred');
    fromTeamId = row.teamId;
    const moved = { teamId: team.id, fromTeamId: row.teamId, transferred: true, onHold: false };
    if (!input.userId && queueEnabled) {
      return {
        change: { call: { ...moved, phase: 'queued' }, queue: { status: 'queued', parkNo: null } },
        instruction: { kind: 'queue', queue: teamQueueName(team.id) },
      };
    }
    const identities = input.userId ? [input.userId] : reachable;
    if (identities.length === 0) throw refuseCallAction('Nobody in that team can take the call');
    // A call that once waited in a queue keeps its place row, moved along to the new team.
    const place = queue ? { queue: { status: 'ringing', parkNo: null } } : {};
    return {
      change: { call: { ...moved, phase: 'ringing' }, ...place },
      instruction: { kind: 'ring', identities },
    };
  });
  // The team the call left learns it too (its panel drops the call).
  if (fromTeamId && fromTeamId !== team.id) announceCallTo(deps, fromTeamId, call);
  return call;
}
