import { AppError, can, type Call } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { CallInstruction } from '../../carriers/voice/voice-carrier';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationTier } from '../organizations/index';
import { findTransferExtension, sipLineAddress } from '../phone-settings/index';
import { findPhoneLineHolder } from '../users/index';
import { actOnCall, refuseCallAction } from './act-on-call';
import { actorWithTier, callById } from './calls.policy';

/** A transfer out of the app's browsers: one of the organisation's transfer extensions, or one of its SIP lines. */
export type OutsideTarget = { toExtensionId: string } | { toSipUser: string };

/**
 * Where the carrier sends the call for `target`: an extension's number and digits (only when
 * the organisation's tier has extension transfers, code 2: `call.transferToExtension`), a SIP
 * line's address and the user it is assigned to.
 * @throws AppError 'forbidden' (no extension transfers), 'not-found' (not the organisation's).
 */
async function instructionFor(
  deps: AppDeps,
  ctx: RequestContext,
  target: OutsideTarget,
): Promise<CallInstruction> {
  if ('toExtensionId' in target) {
    const tier = await getOrganizationTier(deps, ctx.organizationId);
    if (!can(actorWithTier(ctx, tier), 'call.transferToExtension', { organizationId: ctx.organizationId })) {
      throw new AppError('forbidden', "The organisation's plan does not include transfers to extensions");
    }
    const extension = await findTransferExtension(deps, {
      organizationId: ctx.organizationId,
      id: target.toExtensionId,
    });
    if (!extension) throw new AppError('not-found', 'Transfer extension not found');
    return { kind: 'dial', number: extension.phoneNumber, digits: extension.extension };
  }
  // A line is the organisation's when its Phones settings list it or one of its users has it.
  const [line, userId] = await Promise.all([
    sipLineAddress(deps, { organizationId: ctx.organizationId, username: target.toSipUser }),
    findPhoneLineHolder(deps, { organizationId: ctx.organizationId, sipUsername: target.toSipUser }),
  ]);
  if (!line.known && !userId) throw new AppError('not-found', 'SIP line not found');
  return { kind: 'sip', username: line.username, uri: line.uri, userId };
}

/**
 * POST /api/voice/v1/calls/:id/transfer to an extension or a SIP line (docs/behaviour/calls.md,
 * "Call actions"): only an answered call (in progress or held). The carrier puts the caller
 * through to the target; the call stays its team's, in progress and marked transferred (the app
 * does not follow the other end: it ends when the caller or the other end hangs up).
 * @throws AppError as `instructionFor`; 'sip-line-unreachable' (409) when the carrier cannot
 *   reach the line; as `actOnCall` ('not-found', 'forbidden', 'call-state-conflict', 'carrier-unavailable').
 */
export async function transferCallOutside(
  deps: AppDeps,
  ctx: RequestContext,
  callId: string,
  target: OutsideTarget,
): Promise<Call> {
  const instruction = await instructionFor(deps, ctx, target);
  return actOnCall(deps, ctx, callById(ctx, callId), (row) => {
    if (row.phase !== 'in-progress' && row.phase !== 'hold')
      throw refuseCallAction('Only an answered call can be transferred');
    return {
      change: { call: { phase: 'in-progress', transferred: true, onHold: false } },
      instruction,
    };
  });
}
