import {
  AppError,
  daysBetween,
  figuresBy,
  monthsBetween,
  STATISTICS_PER_DAY_MAX_DAYS,
  summarizeFigures,
  type RollupFigures,
  type StatisticsQuery,
  type StatisticsReport,
} from '@accueil/domain';
import { and, between, eq, max, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { statisticsDaily } from '../../db/schema/statistics';
import { getOrganization } from '../organizations/index';
import { listTeamsOfOrganization } from '../teams/index';
import type { RequestContext } from '../../http/request-context';
import { computeRecentRollups } from './statistics-rollup.job';
import { authorizeStatisticsRead } from './statistics.policy';

/**
 * The whole numbers of a PostgreSQL integer array's text form (`{60,120,3600}`, `{}`), in order,
 * as an `Int32Array`. The roll-ups' samples are read this way rather than as `int[]`: node-postgres
 * parses an array into a JS array element by element, which was the largest part of reading two
 * years (~620,000 samples per organisation: 0.6–1.8 s on the loaded machine against 25–120 ms for
 * this loop; docs/behaviour/statistics.md, "Reading a span").
 * @throws RangeError for text that is not such an array (no NULL, no nesting).
 */
export function parseIntArrayText(text: string): Int32Array {
  if (text.charCodeAt(0) !== 0x7b || text.charCodeAt(text.length - 1) !== 0x7d)
    throw new RangeError('Not an integer array');
  // At most one number per two characters ("1,").
  const out = new Int32Array(text.length >> 1);
  let n = 0;
  let value = 0;
  let digits = 0;
  let sign = 1;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      value = value * 10 + (c - 0x30);
      digits++;
    } else if (c === 0x2d && digits === 0) sign = -1;
    else if (c === 0x2c || c === 0x7d) {
      if (digits === 0) {
        if (c === 0x7d && n === 0 && i === 1) break;
        throw new RangeError('Not an integer array');
      }
      out[n++] = sign * value;
      value = 0;
      digits = 0;
      sign = 1;
    } else throw new RangeError('Not an integer array');
  }
  return out.subarray(0, n);
}

/**
 * The roll-up rows of the days `from` to `to` of one organisation (optionally one team): one
 * index range of `statistics_daily`'s primary key (organisation, day, team), whatever the span's
 * number of messages. The samples come as `Int32Array`s (sorted by the roll-up). Also the latest
 * `computed_at` of those rows.
 */
export async function readDailyRollups(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; from: string; to: string; teamId?: string },
): Promise<{ rows: RollupFigures[]; computedAt: Date | null }> {
  const where = and(
    eq(statisticsDaily.organizationId, input.organizationId),
    between(statisticsDaily.day, input.from, input.to),
    input.teamId ? eq(statisticsDaily.teamId, input.teamId) : undefined,
  );
  const [rows, [latest]] = await Promise.all([
    deps.db
      .select({
        day: statisticsDaily.day,
        teamId: statisticsDaily.teamId,
        conversationsOpened: statisticsDaily.conversationsOpened,
        textsIn: statisticsDaily.textsIn,
        textsOut: statisticsDaily.textsOut,
        samples: sql<string>`${statisticsDaily.firstResponseSeconds}::text`,
        callsAnswered: statisticsDaily.callsAnswered,
        callsMissed: statisticsDaily.callsMissed,
        callsVoicemail: statisticsDaily.callsVoicemail,
      })
      .from(statisticsDaily)
      .where(where),
    deps.db
      .select({ at: max(statisticsDaily.computedAt) })
      .from(statisticsDaily)
      .where(where),
  ]);
  return {
    rows: rows.map(({ samples, ...row }) => ({ ...row, firstResponseSeconds: parseIntArrayText(samples) })),
    computedAt: latest?.at ?? null,
  };
}

/**
 * The figures of a span of one organisation (its own time zone's days), all teams together, per
 * team (each team of the organisation, or the one asked), per day (up to `STATISTICS_PER_DAY_MAX_DAYS`
 * days) and per month, from the daily roll-ups
 * (docs/behaviour/statistics.md). Authorisation is the caller's (`authorizeStatisticsRead`).
 * @throws AppError `not-found` for a team of another organisation (or none).
 */
export async function buildStatisticsReport(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  query: StatisticsQuery,
): Promise<StatisticsReport> {
  const [organization, allTeams] = await Promise.all([
    getOrganization(deps, organizationId),
    listTeamsOfOrganization(deps, organizationId),
  ]);
  const teams = query.userGroupId ? allTeams.filter((t) => t.id === query.userGroupId) : allTeams;
  if (!organization) throw new AppError('not-found', 'Organization not found');
  if (query.userGroupId && teams.length === 0) throw new AppError('not-found', 'Team not found');
  const { rows, computedAt } = await readDailyRollups(deps, {
    organizationId,
    from: query.from,
    to: query.to,
    teamId: query.userGroupId,
  });
  const labels = new Map(teams.map((t) => [t.id, t.label]));
  const days = daysBetween(query.from, query.to);
  return {
    from: query.from,
    to: query.to,
    timeZone: organization.timeZone,
    computedAt: computedAt?.toISOString() ?? null,
    totals: summarizeFigures(rows),
    byTeam: figuresBy(
      rows,
      (r) => r.teamId,
      teams.map((t) => t.id),
    ).map(({ key, figures }) => ({ userGroupId: key, label: labels.get(key) ?? '', figures })),
    byDay:
      days.length > STATISTICS_PER_DAY_MAX_DAYS
        ? []
        : figuresBy(rows, (r) => r.day, days).map(({ key, figures }) => ({
            day: key,
            figures,
          })),
    byMonth: figuresBy(rows, (r) => r.day.slice(0, 7), monthsBetween(query.from, query.to)).map(
      ({ key, figures }) => ({ month: key, figures }),
    ),
  };
}

/**
 * GET /api/statistics (administrators): {@link buildStatisticsReport} for the caller's organisation.
 * @throws AppError `forbidden`, `not-found` (a team of another organisation).
 */
export function getStatisticsReport(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  query: StatisticsQuery,
): Promise<StatisticsReport> {
  authorizeStatisticsRead(ctx);
  return buildStatisticsReport(deps, ctx.organizationId, query);
}

/**
 * POST /api/statistics/rollups (administrators): the caller's organisation's recent roll-ups
 * computed again now (the hourly job's work for one organisation), so that today's figures show
 * without waiting for the next run.
 * @throws AppError `forbidden`, `not-found` (the organisation is gone).
 */
export async function refreshStatistics(deps: Pick<AppDeps, 'db'>, ctx: RequestContext): Promise<void> {
  authorizeStatisticsRead(ctx);
  const organization = await getOrganization(deps, ctx.organizationId);
  if (!organization) throw new AppError('not-found', 'Organization not found');
  await computeRecentRollups(deps, ctx.organizationId, organization.timeZone, new Date());
}
