import type { Database } from '../db/client';
import { scheduledMessageSends, scheduledMessages } from '../db/schema/scheduled-messages';
import type { buildInbox } from './conversation-factories';

/**
 * Scheduled messages of the inbox's team, one to each of `phones` (as scheduled from a contact:
 * no conversation yet), signed by its user and due at `dueAt`, with their own send each — written
 * straight to the tables as the API writes them (test helper; no job is queued). Returns the
 * sends' ids, in the order of `phones`.
 */
export async function buildDueSends(
  db: Database,
  inbox: Awaited<ReturnType<typeof buildInbox>>,
  phones: readonly string[],
  dueAt: Date,
): Promise<string[]> {
  const created = await db
    .insert(scheduledMessages)
    .values(
      phones.map((toPhone, i) => ({
        organizationId: inbox.org.id,
        teamId: inbox.team.id,
        toPhone,
        title: `Rappel ${i}`,
        body: `Rappel numéro ${i}`,
        localDate: '2031-03-10',
        localTime: '10:00',
        timeZone: 'America/Toronto',
        dueAt,
        createdByUserId: inbox.user.id,
        createdByName: 'Marie Tremblay',
      })),
    )
    .returning({ id: scheduledMessages.id });
  const sends = await db
    .insert(scheduledMessageSends)
    .values(
      created.map((m) => ({
        organizationId: inbox.org.id,
        scheduledMessageId: m.id,
        kind: 'message' as const,
        dueAt,
      })),
    )
    .returning({ id: scheduledMessageSends.id });
  return sends.map((s) => s.id);
}
