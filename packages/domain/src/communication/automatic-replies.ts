import { z } from 'zod';
import { MESSAGE_BODY_MAX_CHARS } from '../constants';
import type { SchedulePeriod } from '../schedules/schedule';

/**
 * Automatic replies (docs/behaviour/automatic-replies.md): a text sent by itself to a contact
 * whose call was missed (`missed-call`), who texted outside opening hours (`missed-sms`: closed
 * or on a break), or who called or texted during a vacation (`vacation`).
 */
export const AUTOMATIC_REPLY_KINDS = ['missed-call', 'missed-sms', 'vacation'] as const;
export const automaticReplyKindSchema = z.enum(AUTOMATIC_REPLY_KINDS);
export type AutomaticReplyKind = z.infer<typeof automaticReplyKindSchema>;

/** Never more than one automatic reply to a contact within this time (15 minutes, in ms): no reply storms. */
export const AUTOMATIC_REPLY_MIN_INTERVAL_MS = 15 * 60 * 1000;

/** What happened that may call for an automatic reply. */
export type AutomaticReplyEvent = 'missed-call' | 'inbound-text';

/**
 * Which reply an event calls for in a period of the schedule, or null for none: during a
 * vacation, the vacation text (for a call or a text); otherwise a missed call gets the
 * missed-call text whatever the hours, and a text gets the missed-SMS text when closed or on a
 * break (never during opening hours: someone is there to answer).
 */
export function automaticReplyKindFor(
  event: AutomaticReplyEvent,
  period: SchedulePeriod,
): AutomaticReplyKind | null {
  if (period === 'VACATION') return 'vacation';
  if (event === 'missed-call') return 'missed-call';
  return period === 'CLOSE' || period === 'BREAK' ? 'missed-sms' : null;
}

/**
 * One automatic reply setting: for the whole organisation (`teamId` null) or one team (which
 * then replaces the organisation's for that kind). `body` is required and may hold tokens.
 */
export const automaticReplySchema = z.object({
  id: z.uuid(),
  teamId: z.uuid().nullable(),
  kind: automaticReplyKindSchema,
  enabled: z.boolean(),
  body: z.string(),
  updatedAt: z.iso.datetime(),
});
export type AutomaticReply = z.infer<typeof automaticReplySchema>;

/**
 * The setting that applies to a team for a kind: the team's own when it has one, else the
 * organisation's; null when neither exists or the one that applies is turned off.
 */
export function applicableAutomaticReply<T extends { teamId: string | null; kind: string; enabled: boolean }>(
  settings: readonly T[],
  teamId: string,
  kind: AutomaticReplyKind,
): T | null {
  const chosen =
    settings.find((s) => s.kind === kind && s.teamId === teamId) ??
    settings.find((s) => s.kind === kind && s.teamId === null);
  return chosen?.enabled ? chosen : null;
}

/** PUT /api/automatic-replies: sets the text and switch of one kind, for the organisation (`teamId` null) or a team. */
export const putAutomaticReplyRequestSchema = z.strictObject({
  teamId: z.uuid().nullable(),
  kind: automaticReplyKindSchema,
  enabled: z.boolean(),
  body: z.string().trim().min(1, 'required').max(MESSAGE_BODY_MAX_CHARS, 'max-length'),
});
export type PutAutomaticReplyRequest = z.infer<typeof putAutomaticReplyRequestSchema>;

/** `:id` of a team's setting (DELETE: the team follows the organisation's again). */
export const automaticReplyIdParamsSchema = z.strictObject({ id: z.uuid() });
