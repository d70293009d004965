import { wallClockAt, type ScheduledMessage } from '@accueil/domain';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { scheduledMessageSends, scheduledMessages } from '../db/schema/scheduled-messages';
import type { buildInbox } from './conversation-factories';
import type { TestApp } from './test-app';

/**
 * Scheduled messages for tests (docs/behaviour/scheduled-messages.md): the form, messages
 * scheduled through the API (the real use case: its sends planned, a job queued per send), their
 * sends read back, and due sends written straight to the tables.
 */

/** The scheduling form's fields most tests share: a reminder on 10 March 2031 at 10:00 (wall clock). */
export const SCHEDULED_FORM = {
  title: 'Rappel de rendez-vous',
  message: 'Bonjour, votre rendez-vous est demain.',
  date: '2031-03-10',
  time: '10:00',
};

/** A scheduled message's send row. */
export type ScheduledSendRow = typeof scheduledMessageSends.$inferSelect;

/** The wall-clock date (`YYYY-MM-DD`) and time (`HH:mm`) `minutes` from now in `timeZone`. */
export function wallClockIn(minutes: number, timeZone = 'America/Toronto') {
  const wall = wallClockAt(new Date(Date.now() + minutes * 60_000), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: wall.date, time: `${pad(Math.floor(wall.minute / 60))}:${pad(wall.minute % 60)}` };
}

/** `POST /api/scheduled-messages` as `headers` with `payload` as given: the raw answer, refusals included. */
export function postScheduledMessage(
  app: TestApp['app'],
  headers: Record<string, string>,
  payload: Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: '/api/scheduled-messages', headers, payload });
}

/** The sends of the scheduled message `scheduledMessageId`, first due first. */
export function sendsOf(db: Database, scheduledMessageId: string): Promise<ScheduledSendRow[]> {
  return db
    .select()
    .from(scheduledMessageSends)
    .where(eq(scheduledMessageSends.scheduledMessageId, scheduledMessageId))
    .orderBy(asc(scheduledMessageSends.dueAt), asc(scheduledMessageSends.id));
}

/** The send of id `id` (it must exist). */
export async function sendRow(db: Database, id: string): Promise<ScheduledSendRow> {
  const [row] = await db.select().from(scheduledMessageSends).where(eq(scheduledMessageSends.id, id));
  return row!;
}

/**
 * A message scheduled through the API as `headers` (`SCHEDULED_FORM`, `payload` over it; it must
 * answer 201): the message as answered, its sends first due first (reminders before the
 * message), and `sendId`, the id of its send at the planned instant (kind `message`).
 */
export async function buildScheduledMessage(
  t: Pick<TestApp, 'app' | 'deps'>,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
): Promise<{ created: ScheduledMessage; sends: ScheduledSendRow[]; sendId: string }> {
  const res = await postScheduledMessage(t.app, headers, { ...SCHEDULED_FORM, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<ScheduledMessage>();
  const sends = await sendsOf(t.deps.db, created.id);
  return { created, sends, sendId: sends.find((s) => s.kind === 'message')!.id };
}

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
