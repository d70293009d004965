import type { GreetingSource, SchedulePeriod } from '@accueil/domain';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { teamVoiceQueues, voicemailGreetings } from '../../db/schema/phone-settings';
import { readPhoneSettings } from './manage-phone-settings';

/**
 * What the phone settings say about one inbound call to a team in a period:
 * - `incomingCallsEnabled`: off, the call is refused.
 * - `queueEnabled`: the team's own queue switch, or null when it follows the organisation's option.
 * - `greeting`: the voicemail greeting of the period (the team's own, else the organisation's),
 *   or null when neither set one (the product's default text, voicemail on).
 */
export type InboundCallSettings = {
  incomingCallsEnabled: boolean;
  queueEnabled: boolean | null;
  queueMessage: string | null;
  queueRepeatPauseSeconds: number;
  greeting: {
    id: string;
    enabled: boolean;
    source: GreetingSource;
    text: string | null;
    hasAudio: boolean;
  } | null;
};

/** The phone settings of an inbound call (see `InboundCallSettings`); reads in the caller's scope (the webhook's system access). */
export async function inboundCallSettings(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; teamId: string; period: SchedulePeriod },
): Promise<InboundCallSettings> {
  const [settings, [teamQueue], greetings] = await Promise.all([
    readPhoneSettings(deps.db, input.organizationId),
    deps.db
      .select({ enabled: teamVoiceQueues.enabled })
      .from(teamVoiceQueues)
      .where(
        and(
          eq(teamVoiceQueues.organizationId, input.organizationId),
          eq(teamVoiceQueues.teamId, input.teamId),
        ),
      ),
    deps.db
      .select({
        id: voicemailGreetings.id,
        teamId: voicemailGreetings.teamId,
        enabled: voicemailGreetings.enabled,
        source: voicemailGreetings.source,
        text: voicemailGreetings.text,
        mediaType: voicemailGreetings.audioMediaType,
      })
      .from(voicemailGreetings)
      .where(
        and(
          eq(voicemailGreetings.organizationId, input.organizationId),
          eq(voicemailGreetings.kind, input.period),
          or(eq(voicemailGreetings.teamId, input.teamId), isNull(voicemailGreetings.teamId)),
        ),
      ),
  ]);
  const chosen =
    greetings.find((g) => g.teamId === input.teamId) ?? greetings.find((g) => g.teamId === null) ?? null;
  return {
    incomingCallsEnabled: settings.incomingCallsEnabled,
    queueEnabled: teamQueue?.enabled ?? null,
    queueMessage: settings.queueMessage,
    queueRepeatPauseSeconds: settings.queueRepeatPauseSeconds,
    greeting: chosen && {
      id: chosen.id,
      enabled: chosen.enabled,
      source: chosen.source as GreetingSource,
      text: chosen.text,
      hasAudio: chosen.mediaType !== null,
    },
  };
}

/**
 * The phone settings the call actions read: the park slots (a call is parked only under a
 * number from 1 to `parkSlots`) and a team's own queue switch (null: it follows the
 * organisation's option). Reads in the caller's scope.
 */
export async function callActionSettings(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; teamId: string | null },
): Promise<{ parkSlots: number; teamQueueEnabled: boolean | null }> {
  const settings = await readPhoneSettings(deps.db, input.organizationId);
  return {
    parkSlots: settings.parkSlots,
    teamQueueEnabled: settings.teamQueues.find((q) => q.teamId === input.teamId)?.enabled ?? null,
  };
}
