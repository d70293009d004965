import {
  addressNotPhone,
  AppError,
  can,
  isEmailAddress,
  normalizeOutboundPhone,
  type Call,
  type StartOutboundCallRequest,
} from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import type { RequestContext } from '../../http/request-context';
import { openConversationForCall } from '../conversations/index';
import { getOrganizationSettings, getOrganizationTier } from '../organizations/index';
import { getTeam } from '../teams/index';
import { announceCall } from './call-events';
import { loadCallView } from './call-views';
import { actorWithTier } from './calls.policy';

/**
 * Starts an outbound call from the current team's number to `to` (docs/behaviour/calls.md, "The
 * call on the server"): `to` is read in the organisation's country as for a new conversation
 * (`normalizeOutboundPhone`); the call is stored in the team's conversation with that number
 * (found or opened), phase initiated, placed by the user; `call:updated` goes to the team.
 * POST /api/voice/v1/calls, and the Twilio voice webhook when a browser dials (with the
 * carrier's `callSid`; `carrier`: the voice carrier's name). Idempotent by (carrier, callSid) when a `callSid` is given.
 * @throws AppError 'calls-disabled' (403) when the organisation has web calls off; 'forbidden'
 *   without a current team or when the tier has no outgoing calls (`call.placeOutgoing`);
 *   'address-not-phone' (422) for an e-mail address; 'phone-invalid' (400) for a number that
 *   cannot be called, or when the team has no number to call from.
 */
export async function startOutboundCall(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log'>,
  ctx: RequestContext,
  input: StartOutboundCallRequest & { carrier: string },
): Promise<Call> {
  const [settings, tier] = await Promise.all([
    getOrganizationSettings(deps, ctx.organizationId),
    getOrganizationTier(deps, ctx.organizationId),
  ]);
  if (!settings) throw new AppError('not-found', 'Organization not found');
  if (!settings.options.twilio.webCallsEnabled)
    throw new AppError('calls-disabled', 'Web calls are turned off for this organization');
  if (!can(actorWithTier(ctx, tier), 'call.placeOutgoing', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', "The organisation's plan does not include outgoing calls");
  }
  const team = ctx.teamId ? await getTeam(deps, ctx.organizationId, ctx.teamId) : null;
  if (!team) throw new AppError('forbidden', 'You belong to no team');
  if (!team.phoneNumber) throw new AppError('phone-invalid', 'The team has no phone number to call from');
  if (isEmailAddress(input.to)) throw addressNotPhone();
  const to = normalizeOutboundPhone(input.to, settings.country);
  if (!to) throw new AppError('phone-invalid', `Invalid phone number: ${input.to}`);

  const { carrier } = input;
  if (input.callSid) {
    const stored = await loadCallView(
      deps.db,
      and(
        eq(calls.organizationId, ctx.organizationId),
        eq(calls.carrier, carrier),
        eq(calls.callSid, input.callSid),
      )!,
    );
    if (stored) return stored;
  }
  const conversation = await openConversationForCall(deps, {
    organizationId: ctx.organizationId,
    teamId: team.id,
    phone: to,
    direction: 'outbound',
  });
  const [row] = await deps.db
    .insert(calls)
    .values({
      organizationId: ctx.organizationId,
      teamId: team.id,
      conversationId: conversation.id,
      contactId: conversation.contact?.id ?? null,
      direction: 'outbound',
      from: team.phoneNumber,
      to,
      carrier,
      callSid: input.callSid ?? null,
      phase: 'initiated',
      placedBy: ctx.userId,
    })
    .returning({ id: calls.id });
  const call = (await loadCallView(deps.db, eq(calls.id, row!.id)))!;
  announceCall(deps, call);
  return call;
}
