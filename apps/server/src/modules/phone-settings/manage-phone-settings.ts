import {
  AppError,
  defaultPhoneSettings,
  type PhoneSettings,
  type UpdatePhoneSettingsRequest,
} from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents, type EventDeps } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { phoneSettings, teamVoiceQueues } from '../../db/schema/phone-settings';
import type { RequestContext } from '../../http/request-context';
import { listTeamsOfOrganization } from '../teams/index';
import { authorizePhoneSettings } from './phone-settings.policy';

/** The organisation's phone settings, with the defaults where it never saved any (any scope: the caller chose the access). */
export async function readPhoneSettings(db: DbOrTx, organizationId: string): Promise<PhoneSettings> {
  const [[row], queues] = await Promise.all([
    db.select().from(phoneSettings).where(eq(phoneSettings.organizationId, organizationId)),
    db.select().from(teamVoiceQueues).where(eq(teamVoiceQueues.organizationId, organizationId)),
  ]);
  const defaults = defaultPhoneSettings();
  const teamQueues = queues
    .map((q) => ({ teamId: q.teamId, enabled: q.enabled }))
    .sort((a, b) => a.teamId.localeCompare(b.teamId));
  if (!row) return { ...defaults, teamQueues };
  return {
    incomingCallsEnabled: row.incomingCallsEnabled,
    queueMessage: row.queueMessage,
    queueRepeatPauseSeconds: row.queueRepeatPauseSeconds,
    parkSlots: row.parkSlots,
    sipDomain: row.sipDomain,
    teamQueues,
  };
}

/** GET /api/phone-settings (administrators). */
export async function getPhoneSettings(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
): Promise<PhoneSettings> {
  authorizePhoneSettings(ctx);
  return readPhoneSettings(deps.db, ctx.organizationId);
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() ? value.trim() : null;

/**
 * PUT /api/phone-settings (administrators): the fields given change, the others keep their
 * value; empty text clears the queue message or the SIP domain (stored lower case). A team's
 * `enabled: null` drops its own queue switch (it follows the organisation's again). A change
 * is audited (`phone-settings.changed`, the names of the fields that changed) from the domain
 * event recorded in the same transaction; a save that changes nothing records nothing.
 * @throws AppError `forbidden` (403), `not-found` (a team not of the organisation).
 */
export async function updatePhoneSettings(
  deps: EventDeps,
  ctx: RequestContext,
  input: UpdatePhoneSettingsRequest,
): Promise<PhoneSettings> {
  authorizePhoneSettings(ctx);
  const organizationId = ctx.organizationId;
  return transactionWithEvents(deps, async (tx) => {
    const current = await readPhoneSettings(tx, organizationId);
    const next = {
      incomingCallsEnabled: input.incomingCallsEnabled ?? current.incomingCallsEnabled,
      queueMessage:
        input.queueMessage === undefined ? current.queueMessage : blankToNull(input.queueMessage)!,
      queueRepeatPauseSeconds: input.queueRepeatPauseSeconds ?? current.queueRepeatPauseSeconds,
      parkSlots: input.parkSlots ?? current.parkSlots,
      sipDomain:
        input.sipDomain === undefined
          ? current.sipDomain
          : (blankToNull(input.sipDomain)?.toLowerCase() ?? null),
    };
    const changed: string[] = (Object.keys(next) as (keyof typeof next)[]).filter(
      (key) => next[key] !== current[key],
    );
    if (changed.length > 0) {
      await tx
        .insert(phoneSettings)
        .values({ organizationId, ...next, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: phoneSettings.organizationId,
          set: { ...next, updatedAt: new Date() },
        });
    }
    if (input.teamQueues?.length) {
      const teams = new Set((await listTeamsOfOrganization(deps, organizationId, tx)).map((t) => t.id));
      for (const { teamId, enabled } of input.teamQueues) {
        if (!teams.has(teamId)) throw new AppError('not-found', 'Team not found');
        const own = current.teamQueues.find((q) => q.teamId === teamId)?.enabled ?? null;
        if (own === enabled) continue;
        changed.push(`teamQueues.${teamId}`);
        if (enabled === null) await tx.delete(teamVoiceQueues).where(eq(teamVoiceQueues.teamId, teamId));
        else
          await tx
            .insert(teamVoiceQueues)
            .values({ teamId, organizationId, enabled })
            .onConflictDoUpdate({ target: teamVoiceQueues.teamId, set: { enabled } });
      }
    }
    if (changed.length > 0) {
      await recordEvent(tx, {
        name: 'phone-settings.changed',
        organizationId: organizationId,
        actorUserId: ctx.userId,
        payload: { fields: changed },
      });
    }
    return readPhoneSettings(tx, organizationId);
  });
}
