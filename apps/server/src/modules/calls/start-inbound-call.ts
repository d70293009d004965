import {
  canTakeInboundCall,
  routeInboundCall,
  type Call,
  type InboundCallRoute,
  type Locale,
  type SchedulePeriod,
} from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { calls, queueCalls } from '../../db/schema/calls';
import { openConversationForCall } from '../conversations/index';
import { getOrganizationSettings, getSchedulePeriod } from '../organizations/index';
import { inboundCallSettings } from '../phone-settings/index';
import { findTeamByPhoneNumber, listMemberships } from '../teams/index';
import { listCallTakerFacts } from '../users/index';
import { announceCall } from './call-events';
import { loadCallRow, loadCallView, presentCallRows } from './call-views';
import type { CustomGreeting } from './greetings';
import { queuePromptFor, type QueuePrompt } from './queue-texts';
import { usersOnCall } from './users-on-call';

/** An inbound call as the carrier announced it. Numbers as the carrier gave them (E.164, or an anonymous marker for `from`). */
export type InboundCallInput = { carrier: string; callSid: string; from: string; to: string; at?: Date };

/**
 * What to do with an inbound call: `route` (queue, ring the team's users, voicemail), the
 * team's `period` (whose greeting to play), the organisation's `locale` and name (the greeting's
 * language), the users to ring (`ringUserIds`, for `ring`), and the stored call (as the API
 * shows it) with its team.
 */
export type InboundCallDecision = {
  call: Call;
  /** The team the stored call is in now (the number's team, or the one a transfer moved it to). */
  teamId: string;
  route: InboundCallRoute;
  period: SchedulePeriod;
  locale: Locale;
  organizationName: string;
  ringUserIds: string[];
  /** The organisation's own voicemail greeting of the period (Phones settings), or null: `greetingFor` reads it. */
  custom: CustomGreeting | null;
  /** What a caller waiting in the queue hears, again and again (Phones settings' queue message and pause). */
  queuePrompt: QueuePrompt;
  /** The carrier asked again for a call already stored (a retried webhook): nothing new was written. */
  duplicate: boolean;
};

/**
 * Starts an inbound call (docs/behaviour/calls.md, "The call on the server"): the team is the
 * one whose number was called; its period at that instant (`getSchedulePeriod`), the
 * organisation's queue option and the team's members available to take it (`canTakeInboundCall`:
 * not disabled, taking incoming calls, online, not on a call) choose the route (`routeInboundCall`); the call is stored in its conversation with the caller's
 * number (found or opened, `openConversationForCall`) with phase queued (and a queue row),
 * ringing, or initiated for voicemail; `call:updated` goes to the team.
 * Idempotent by (carrier, callSid): a retried webhook gets the stored call's route again.
 * Runs under the webhook's system access (the organisation is found from the number).
 * Null when no team has the number `to`, or the organisation turned incoming calls off (Phones
 * settings): the carrier refuses the call. The team's own queue switch, when it has one,
 * replaces the organisation's option.
 */
export async function startInboundCall(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log' | 'jobs'>,
  input: InboundCallInput,
): Promise<InboundCallDecision | null> {
  const at = input.at ?? new Date();
  const team = await findTeamByPhoneNumber(deps, input.to);
  if (!team) return null;
  const organizationId = team.organizationId;
  const [settings, schedule, members] = await Promise.all([
    getOrganizationSettings(deps, organizationId),
    getSchedulePeriod(deps, organizationId, team.id, at),
    listMemberships(deps, { organizationId, teamIds: [team.id] }),
  ]);
  if (!settings || !schedule) return null;
  const phone = await inboundCallSettings(deps, { organizationId, teamId: team.id, period: schedule.period });
  if (!phone.incomingCallsEnabled) return null;
  const reachable = await availableCallTakers(deps, {
    organizationId,
    userIds: members.map((m) => m.userId),
    at,
  });
  const decided = {
    period: schedule.period,
    locale: settings.locale,
    organizationName: settings.name,
    ringUserIds: reachable,
    custom: phone.greeting,
    queuePrompt: queuePromptFor({ locale: settings.locale, ...phone }),
  };

  const bySid = and(eq(calls.carrier, input.carrier), eq(calls.callSid, input.callSid))!;
  const stored = await loadCallRow(deps.db, bySid);
  if (stored) {
    const [call] = await presentCallRows(deps.db, [stored]);
    const route = (stored.route as InboundCallRoute | null) ?? 'voicemail';
    return { ...decided, call: call!, teamId: stored.teamId, route, duplicate: true };
  }

  const route = routeInboundCall({
    period: schedule.period,
    queueEnabled: phone.queueEnabled ?? settings.options.voiceQueue.enabled,
    reachableUsers: reachable.length,
  });
  const conversation = await openConversationForCall(deps, {
    organizationId,
    teamId: team.id,
    phone: input.from,
    direction: 'inbound',
  });
  const phase = route === 'queue' ? 'queued' : route === 'ring' ? 'ringing' : 'initiated';
  const call = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calls)
      .values({
        organizationId,
        teamId: team.id,
        conversationId: conversation.id,
        contactId: conversation.contact?.id ?? null,
        direction: 'inbound',
        from: input.from,
        to: input.to,
        carrier: input.carrier,
        callSid: input.callSid,
        status: route === 'ring' ? 'ringing' : 'initiated',
        phase,
        route,
        ringingUserIds: route === 'ring' ? reachable : [],
        startedAt: at,
      })
      // Two deliveries of the same webhook at once: the second finds the first's row below.
      .onConflictDoNothing({ target: [calls.carrier, calls.callSid] })
      .returning({ id: calls.id });
    if (row && route === 'queue')
      await tx
        .insert(queueCalls)
        .values({ callId: row.id, organizationId, teamId: team.id, status: 'queued', queuedAt: at });
    return { view: (await loadCallView(tx, bySid))!, created: Boolean(row) };
  });
  if (call.created) announceCall(deps, call.view);
  return {
    ...decided,
    call: call.view,
    teamId: team.id,
    route: call.view.route ?? route,
    duplicate: !call.created,
  };
}

/** The members an inbound call rings now (`canTakeInboundCall`), in `userIds`' order. */
async function availableCallTakers(
  deps: Pick<HostDeps, 'db'>,
  input: { organizationId: string; userIds: string[]; at: Date },
): Promise<string[]> {
  const [facts, onCall] = await Promise.all([listCallTakerFacts(deps, input), usersOnCall(deps, input)]);
  const available = new Set(
    facts.filter((u) => canTakeInboundCall({ ...u, onCall: onCall.has(u.id) })).map((u) => u.id),
  );
  return input.userIds.filter((id) => available.has(id));
}
