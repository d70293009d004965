import {
  AppError,
  daysBetween,
  figuresBy,
  summarizeFigures,
  type DailyTeamFigures,
  type StatisticsQuery,
  type StatisticsReport,
} from '@accueil/domain';
import { and, between, eq, max } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { statisticsDaily } from '../../db/schema/statistics';
import { getOrganization } from '../organizations/index';
import { listTeamsOfOrganization } from '../teams/index';
import type { RequestContext } from '../../http/request-context';
import { computeRecentRollups } from './statistics-rollup.job';
import { authorizeStatisticsRead } from './statistics.policy';

/**
 * The roll-up rows of the days `from` to `to` of one organisation (optionally one team): one
 * index range of `statistics_daily`'s primary key (organisation, day, team), whatever the span's
 * number of messages. Also the latest `computed_at` of those rows.
 */
export async function readDailyRollups(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; from: string; to: string; teamId?: string },
): Promise<{ rows: DailyTeamFigures[]; computedAt: Date | null }> {
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
        firstResponseSeconds: statisticsDaily.firstResponseSeconds,
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
  return { rows, computedAt: latest?.at ?? null };
}

/**
 * The figures of a span of one organisation (its own time zone's days), all teams together, per
 * team (each team of the organisation, or the one asked) and per day, from the daily roll-ups
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
    byDay: figuresBy(rows, (r) => r.day, daysBetween(query.from, query.to)).map(({ key, figures }) => ({
      day: key,
      figures,
    })),
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
