// The statistics' test world: a hand-computed week of texts and calls in two teams.
import { calls } from '../db/schema/calls';
import { conversations } from '../db/schema/conversations';
import { messages } from '../db/schema/messages';
import { statisticsRecipients } from '../db/schema/statistics';
import { newConversationSid } from '../modules/conversations/index';
import { buildOrganization, buildTeam, databaseOf, randomPhoneNumber, type InDatabase } from './factories';

type Text = { at: string; direction: 'inbound' | 'outbound' | 'note'; automatic?: boolean; status?: string };

/** A conversation of `teamId` created at its first text's instant, with `texts` (seq 1…n; internal notes among them), written straight to the tables. */
export async function buildTextThread(
  input: { organizationId: string; teamId: string; texts: Text[] } & InDatabase,
): Promise<string> {
  const db = databaseOf(input);
  const address = randomPhoneNumber();
  const [conversation] = await db
    .insert(conversations)
    .values({
      sid: newConversationSid(),
      organizationId: input.organizationId,
      teamId: input.teamId,
      address,
      lastSeq: input.texts.length,
      createdAt: new Date(input.texts[0]!.at),
    })
    .returning();
  await db.insert(messages).values(
    input.texts.map((text, i) => ({
      organizationId: input.organizationId,
      conversationId: conversation!.id,
      seq: i + 1,
      author: text.direction === 'inbound' ? address : 'staff',
      automatic: text.automatic ?? false,
      from: text.direction === 'inbound' ? address : '+15145550001',
      to: text.direction === 'inbound' ? '+15145550001' : address,
      body: `text ${i + 1}`,
      // An internal note has no carrier (docs/behaviour/notes-and-presence.md).
      carrier: text.direction === 'note' ? 'none' : 'sandbox',
      carrierMessageId: text.direction === 'note' ? null : crypto.randomUUID(),
      status: text.status ?? (text.direction === 'inbound' ? 'received' : 'delivered'),
      direction: text.direction,
      createdAt: new Date(text.at),
    })),
  );
  return conversation!.id;
}

/** A call of `teamId` written straight to the table: inbound unless said, ended unless `endedAt: null`. */
export async function buildCallRow(
  input: {
    organizationId: string;
    teamId: string;
    startedAt: string;
    answered?: boolean;
    route?: 'queue' | 'ring' | 'voicemail';
    direction?: 'inbound' | 'outbound';
    endedAt?: string | null;
  } & InDatabase,
): Promise<void> {
  const started = new Date(input.startedAt);
  const ended =
    input.endedAt === undefined
      ? new Date(started.getTime() + 60_000)
      : input.endedAt && new Date(input.endedAt);
  await databaseOf(input)
    .insert(calls)
    .values({
      organizationId: input.organizationId,
      teamId: input.teamId,
      direction: input.direction ?? 'inbound',
      from: randomPhoneNumber(),
      to: '+15145550001',
      carrier: 'sandbox',
      route: input.direction === 'outbound' ? null : (input.route ?? 'ring'),
      startedAt: started,
      answeredAt: input.answered ? new Date(started.getTime() + 10_000) : null,
      endedAt: ended || null,
      outcome: ended ? (input.answered ? 'completed' : 'no-answer') : null,
    });
}

/**
 * An organisation of America/Toronto (UTC−5 in November) with teams A and B and a week of
 * activity from Sunday 2026-11-22 to Saturday 2026-11-28 whose figures are hand-computed
 * (`STATISTICS_WEEK_EXPECTED`), plus activity just outside it on both sides.
 */
export async function buildStatisticsWeek(input: InDatabase & { timeZone?: string } = {}) {
  const db = databaseOf(input);
  const org = await buildOrganization({ db, timeZone: input.timeZone ?? 'America/Toronto' });
  const teamA = await buildTeam({ db, organizationId: org.id, label: 'Accueil', main: true });
  const teamB = await buildTeam({ db, organizationId: org.id, label: 'Facturation' });
  const a = { db, organizationId: org.id, teamId: teamA.id };
  const b = { db, organizationId: org.id, teamId: teamB.id };
  // Monday 23, team A: two waits (120 s; 600 s), an automatic reply ends none, a failed send is no text out.
  await buildTextThread({
    ...a,
    texts: [
      { at: '2026-11-23T14:00:00Z', direction: 'inbound' },
      { at: '2026-11-23T14:00:05Z', direction: 'outbound', automatic: true },
      { at: '2026-11-23T14:01:00Z', direction: 'inbound' },
      { at: '2026-11-23T14:02:00Z', direction: 'outbound' },
      { at: '2026-11-23T15:00:00Z', direction: 'inbound' },
      { at: '2026-11-23T15:10:00Z', direction: 'outbound' },
      { at: '2026-11-23T15:11:00Z', direction: 'outbound', status: 'failed' },
    ],
  });
  // Monday 23 at 23:30 in Toronto (Tuesday 04:30 UTC), answered an hour later, on Tuesday: a Monday wait of 3600 s.
  await buildTextThread({
    ...a,
    texts: [
      { at: '2026-11-24T04:30:00Z', direction: 'inbound' },
      { at: '2026-11-24T05:30:00Z', direction: 'outbound' },
    ],
  });
  // Wednesday 25, team B: a text nobody answered (no sample).
  await buildTextThread({ ...b, texts: [{ at: '2026-11-25T15:00:00Z', direction: 'inbound' }] });
  // Outside the week: Saturday 21 at 23:00 and Sunday 29 at 01:00 in Toronto.
  await buildTextThread({ ...a, texts: [{ at: '2026-11-22T04:00:00Z', direction: 'inbound' }] });
  await buildTextThread({ ...b, texts: [{ at: '2026-11-29T06:00:00Z', direction: 'inbound' }] });
  // Calls: Monday (A) one answered, one missed, one outbound (not counted); Wednesday (B) one to
  // voicemail and one still ringing (not missed yet).
  await buildCallRow({ ...a, startedAt: '2026-11-23T16:00:00Z', answered: true });
  await buildCallRow({ ...a, startedAt: '2026-11-23T16:30:00Z' });
  await buildCallRow({ ...a, startedAt: '2026-11-23T17:00:00Z', direction: 'outbound', answered: true });
  await buildCallRow({ ...b, startedAt: '2026-11-25T16:00:00Z', route: 'voicemail' });
  await buildCallRow({ ...b, startedAt: '2026-11-25T16:30:00Z', endedAt: null });
  return { org, teamA, teamB };
}

/** The figures of `buildStatisticsWeek`'s week, by hand. */
export const STATISTICS_WEEK_EXPECTED = {
  mondayA: {
    day: '2026-11-23',
    conversationsOpened: 2,
    textsIn: 4,
    // The reply at Tuesday 00:30 is Tuesday's text out (its wait is Monday's).
    textsOut: 3,
    firstResponseSeconds: [120, 600, 3600],
    callsAnswered: 1,
    callsMissed: 1,
    callsVoicemail: 0,
  },
  tuesdayA: {
    day: '2026-11-24',
    conversationsOpened: 0,
    textsIn: 0,
    textsOut: 1,
    firstResponseSeconds: [],
    callsAnswered: 0,
    callsMissed: 0,
    callsVoicemail: 0,
  },
  wednesdayB: {
    day: '2026-11-25',
    conversationsOpened: 1,
    textsIn: 1,
    textsOut: 0,
    firstResponseSeconds: [],
    callsAnswered: 0,
    callsMissed: 0,
    callsVoicemail: 1,
  },
  totals: {
    conversationsOpened: 3,
    textsIn: 5,
    textsOut: 4,
    // 120, 600, 3600: median 600; p90 at rank ⌈2.7⌉ = 3 → 3600.
    firstResponse: { median: 600, p90: 3600, samples: 3 },
    callsAnswered: 1,
    callsMissed: 1,
    callsVoicemail: 1,
  },
};

/** `emails` as the organisation's statistics recipients, written straight to the table. */
export async function addStatisticsRecipients(
  organizationId: string,
  emails: string[],
  input: InDatabase = {},
): Promise<void> {
  await databaseOf(input)
    .insert(statisticsRecipients)
    .values(emails.map((email) => ({ organizationId, email })));
}
