import type { DailyTeamFigures } from '@accueil/domain';
import { and, between, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { statisticsDaily } from '../../db/schema/statistics';

type CountedRow = {
  team_id: string;
  day: string;
  conversations_opened: number;
  texts_in: number;
  texts_out: number;
  first_response_seconds: number[];
  calls_answered: number;
  calls_missed: number;
  calls_voicemail: number;
};

/**
 * Counts the figures of the days `from` to `to` (`YYYY-MM-DD` of `timeZone`, both included) of
 * one organisation from its own rows, per team and local day (docs/behaviour/statistics.md, "The
 * figures"), in one statement. It reads, in raw SQL, the `conversations`, `messages`,
 * `call_recordings` and `calls` tables of other modules (eslint.config.js, `TABLE_EXCEPTIONS`):
 * one statement per organisation and run instead of a round trip per module, day and team.
 * Day boundaries are PostgreSQL's `AT TIME ZONE` (its daylight-saving rules: a day may have 23 or
 * 25 hours). Only teams and days with something to count have a row.
 */
export async function countDailyFigures(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; timeZone: string; from: string; to: string },
): Promise<DailyTeamFigures[]> {
  const { organizationId: org, timeZone: tz, from, to } = input;
  // The span's instants, written into each condition rather than read from a CTE: PostgreSQL then
  // folds them to constants when planning and reads only the span through the organisation's
  // time indexes (`*_org_created_idx`, `calls_org_started_idx`), estimating its size; from a CTE
  // it planned for an unknown range and read the organisation's whole history.
  const lo = sql`(${from}::date::timestamp AT TIME ZONE ${tz})`;
  const hi = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${tz})`;
  const result = (await deps.db.execute<CountedRow>(sql`
    WITH opened AS (
      SELECT c.team_id, (c.created_at AT TIME ZONE ${tz})::date AS day, count(*)::int AS n
      FROM conversations c
      WHERE c.organization_id = ${org} AND c.created_at >= ${lo} AND c.created_at < ${hi}
      GROUP BY 1, 2
    ),
    texts AS (
      SELECT c.team_id, (m.created_at AT TIME ZONE ${tz})::date AS day,
        count(*) FILTER (WHERE m.direction = 'inbound')::int AS texts_in,
        count(*) FILTER (WHERE m.direction = 'outbound' AND m.status <> 'failed')::int AS texts_out
      FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.organization_id = ${org} AND m.channel = 'sms' AND m.created_at >= ${lo} AND m.created_at < ${hi}
      GROUP BY 1, 2
    ),
    waits AS (
      -- A wait begins at a contact's text whose previous text (automatic replies and internal
      -- notes aside: a note is the team talking to itself, never a reply) was staff's, or that
      -- opens the conversation; it ends at staff's first text after it.
      SELECT c.team_id, (m.created_at AT TIME ZONE ${tz})::date AS day, m.created_at AS began_at,
        (SELECT min(r.created_at) FROM messages r
          WHERE r.conversation_id = m.conversation_id AND r.seq > m.seq AND r.channel = 'sms'
            AND r.direction = 'outbound' AND NOT r.automatic AND r.status <> 'failed') AS answered_at
      FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.organization_id = ${org} AND m.channel = 'sms' AND m.direction = 'inbound'
        AND m.created_at >= ${lo} AND m.created_at < ${hi}
        AND coalesce((SELECT p.direction FROM messages p
          WHERE p.conversation_id = m.conversation_id AND p.seq < m.seq AND p.channel = 'sms'
            AND p.direction <> 'note' AND NOT (p.direction = 'outbound' AND p.automatic)
          ORDER BY p.seq DESC LIMIT 1), 'outbound') = 'outbound'
    ),
    responses AS (
      -- Sorted: a span's median and p90 are then picked by counting in each day's samples,
      -- never by sorting them all (docs/behaviour/statistics.md, "Reading a span").
      SELECT team_id, day, array_agg(seconds ORDER BY seconds) AS samples
      FROM (SELECT team_id, day, greatest(0, round(extract(epoch FROM answered_at - began_at)))::int AS seconds
            FROM waits WHERE answered_at IS NOT NULL) answered
      GROUP BY 1, 2
    ),
    inbound_calls AS (
      SELECT k.team_id, (k.started_at AT TIME ZONE ${tz})::date AS day, k.answered_at, k.ended_at,
        (k.route = 'voicemail' OR EXISTS (
          SELECT 1 FROM call_recordings cr WHERE cr.call_id = k.id AND cr.kind = 'voicemail')) AS voicemail
      FROM calls k
      WHERE k.organization_id = ${org} AND k.direction = 'inbound' AND k.started_at >= ${lo} AND k.started_at < ${hi}
    ),
    voice AS (
      SELECT team_id, day,
        count(*) FILTER (WHERE answered_at IS NOT NULL)::int AS answered,
        count(*) FILTER (WHERE answered_at IS NULL AND ended_at IS NOT NULL AND NOT voicemail)::int AS missed,
        count(*) FILTER (WHERE answered_at IS NULL AND voicemail)::int AS voicemail
      FROM inbound_calls
      GROUP BY 1, 2
    ),
    keys AS (
      SELECT team_id, day FROM opened UNION SELECT team_id, day FROM texts UNION SELECT team_id, day FROM voice
    )
    SELECT keys.team_id, keys.day::text AS day,
      coalesce(opened.n, 0) AS conversations_opened,
      coalesce(texts.texts_in, 0) AS texts_in,
      coalesce(texts.texts_out, 0) AS texts_out,
      coalesce(responses.samples, '{}'::int[]) AS first_response_seconds,
      coalesce(voice.answered, 0) AS calls_answered,
      coalesce(voice.missed, 0) AS calls_missed,
      coalesce(voice.voicemail, 0) AS calls_voicemail
    FROM keys
      LEFT JOIN opened USING (team_id, day)
      LEFT JOIN texts USING (team_id, day)
      LEFT JOIN responses USING (team_id, day)
      LEFT JOIN voice USING (team_id, day)
    ORDER BY 2, 1`)) as { rows: CountedRow[] };
  return result.rows.map((r) => ({
    teamId: r.team_id,
    day: r.day,
    conversationsOpened: r.conversations_opened,
    textsIn: r.texts_in,
    textsOut: r.texts_out,
    firstResponseSeconds: r.first_response_seconds,
    callsAnswered: r.calls_answered,
    callsMissed: r.calls_missed,
    callsVoicemail: r.calls_voicemail,
  }));
}

/**
 * Computes the roll-ups of the days `from` to `to` of one organisation again and replaces them:
 * the days' rows are deleted and the counted ones inserted in one transaction, so computing a day
 * twice gives the same rows and a reader never sees a day half written.
 * @returns how many rows the days now have.
 */
export async function computeDailyRollups(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; timeZone: string; from: string; to: string },
): Promise<number> {
  const rows = await countDailyFigures(deps, input);
  await deps.db.transaction(async (tx) => {
    // One organisation's days are replaced by one run at a time (the hourly job and a report
    // may compute the same days): a second waits, then replaces the first's rows.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`statistics:${input.organizationId}`}, 0))`,
    );
    await tx
      .delete(statisticsDaily)
      .where(
        and(
          eq(statisticsDaily.organizationId, input.organizationId),
          between(statisticsDaily.day, input.from, input.to),
        ),
      );
    if (rows.length > 0)
      await tx
        .insert(statisticsDaily)
        .values(rows.map((r) => ({ ...r, organizationId: input.organizationId })));
  });
  return rows.length;
}
