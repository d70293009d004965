import type { ScheduledMessage, ScheduledMessageState } from '@accueil/domain';
import type { scheduledMessageSends, scheduledMessages } from '../../db/schema/scheduled-messages';

export type ScheduledMessageRow = typeof scheduledMessages.$inferSelect;
export type ScheduledSendRow = typeof scheduledMessageSends.$inferSelect;

/** A scheduled message and its sends (any order; presented by due time) as the API shows it. */
export function presentScheduledMessage(
  row: ScheduledMessageRow,
  sends: readonly ScheduledSendRow[],
): ScheduledMessage {
  return {
    id: row.id,
    title: row.title,
    message: row.body,
    date: row.localDate,
    time: row.localTime,
    timeZone: row.timeZone,
    scheduledAt: row.dueAt.toISOString(),
    toPhoneNumber: row.toPhone,
    teamId: row.teamId,
    conversationId: row.conversationId,
    reminders: row.reminders,
    state: row.state as ScheduledMessageState,
    errorCode: row.errorCode,
    sends: [...sends]
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
      .map((s) => ({
        kind: s.kind,
        dueAt: s.dueAt.toISOString(),
        state: s.state,
        attempts: s.attempts,
        messageId: s.messageId,
        errorCode: s.errorCode,
      })),
    createdBy: { id: row.createdByUserId, name: row.createdByName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
