import {
  AppError,
  applicableAutomaticReply,
  automaticReplyKindFor,
  AUTOMATIC_REPLY_MIN_INTERVAL_MS,
  type AutomaticReplyEvent,
  type AutomaticReplyKind,
} from '@accueil/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { automaticReplySends } from '../../db/schema/automations';
import type { RequestContext } from '../../http/request-context';
import { getConversationTeamId } from '../conversations/index';
import { sendMessage } from '../messages/index';
import { getSchedulePeriod } from '../organizations/index';
import { listAutomaticReplyRows } from './manage-automatic-replies';

/** The nil uuid: the automaton is no user (its messages have no `authorUserId`). */
const AUTOMATON_USER_ID = '00000000-0000-0000-0000-000000000000';

/** What became of one chance of an automatic reply. */
export type AutomaticReplyOutcome =
  | { outcome: 'sent'; kind: AutomaticReplyKind; messageId: string }
  | { outcome: 'none' }
  | { outcome: 'limited'; kind: AutomaticReplyKind }
  | { outcome: 'failed'; kind: AutomaticReplyKind; code: string };

/**
 * Sends the automatic reply an event calls for, if any (docs/behaviour/automatic-replies.md):
 * 1. the period of the conversation's team at `now` (OPEN, CLOSE, BREAK, VACATION, from the
 *    schedule model) and the event choose the kind (`automaticReplyKindFor`); the team's own
 *    setting of that kind, else the organisation's, must exist and be on;
 * 2. the limits, claimed in one transaction under a lock on the conversation (so two inbound
 *    texts at once claim one reply): at most one automatic reply per conversation per period
 *    (unique `(conversation, period)`) and none within 15 minutes of the last one;
 * 3. the text goes through the send path of staff texts (tokens filled, same carrier call),
 *    marked automatic. A reply that fails keeps its claim: it is not tried again in that period.
 * Runs in the organisation's scope (the `automatic-reply` job's, or the caller's).
 */
export async function replyAutomatically(
  deps: AppDeps,
  input: { organizationId: string; conversationId: string; event: AutomaticReplyEvent; now?: Date },
): Promise<AutomaticReplyOutcome> {
  const now = input.now ?? new Date();
  const teamId = await getConversationTeamId(deps.db, input.conversationId);
  if (!teamId) return { outcome: 'none' };
  const schedule = await getSchedulePeriod(deps, input.organizationId, teamId, now);
  if (!schedule) return { outcome: 'none' };
  const kind = automaticReplyKindFor(input.event, schedule.period);
  if (!kind) return { outcome: 'none' };
  const setting = applicableAutomaticReply(
    await listAutomaticReplyRows(deps.db, input.organizationId),
    teamId,
    kind,
  );
  if (!setting) return { outcome: 'none' };

  // The period's occurrence: its kind and the instant it ends (a schedule that never changes has one).
  const periodKey = `${schedule.period}:${schedule.next?.at.toISOString() ?? 'always'}`;
  const claimId = await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`automatic-reply:${input.conversationId}`}, 0))`,
    );
    const [last] = await tx
      .select({ sentAt: automaticReplySends.sentAt })
      .from(automaticReplySends)
      .where(
        and(
          eq(automaticReplySends.organizationId, input.organizationId),
          eq(automaticReplySends.conversationId, input.conversationId),
        ),
      )
      .orderBy(desc(automaticReplySends.sentAt))
      .limit(1);
    if (last && now.getTime() - last.sentAt.getTime() < AUTOMATIC_REPLY_MIN_INTERVAL_MS) return null;
    const [claimed] = await tx
      .insert(automaticReplySends)
      .values({
        organizationId: input.organizationId,
        conversationId: input.conversationId,
        kind,
        periodKey,
        sentAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: automaticReplySends.id });
    return claimed?.id ?? null;
  });
  if (!claimId) return { outcome: 'limited', kind };

  const ctx: RequestContext = {
    organizationId: input.organizationId,
    userId: AUTOMATON_USER_ID,
    sessionId: 'automatic-reply',
    role: 'admin',
    teamId,
  };
  try {
    const { message } = await sendMessage(deps, ctx, {
      conversationId: input.conversationId,
      body: setting.body,
      automatic: true,
    });
    await deps.db
      .update(automaticReplySends)
      .set({ messageId: message.id })
      .where(eq(automaticReplySends.id, claimId));
    return { outcome: 'sent', kind, messageId: message.id };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    deps.log.warn({ err, conversationId: input.conversationId, kind }, 'automatic reply not sent');
    return { outcome: 'failed', kind, code: err.code };
  }
}
