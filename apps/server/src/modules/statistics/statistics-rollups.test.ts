import { localDay, type StatisticsReport } from '@accueil/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statisticsDaily } from '../../db/schema/statistics';
import { inJobScope } from '../../jobs/job-definition';
import { buildAdmin, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import {
  buildStatisticsWeek,
  buildTextThread,
  STATISTICS_WEEK_EXPECTED as EXPECTED,
} from '../../test/statistics-factories';
import { useTestApp } from '../../test/test-app';
import { computeDailyRollups } from './compute-daily-rollups';
import { statisticsRollupJob } from './statistics-rollup.job';

/** The daily roll-ups and the figures read from them, against a hand-computed week. */
const t = useTestApp();

const rollup = (now: string) =>
  inJobScope(statisticsRollupJob, {}, () => statisticsRollupJob.handler(t.deps, { now }));
const rowsOf = (organizationId: string) =>
  t.deps.db
    .select()
    .from(statisticsDaily)
    .where(eq(statisticsDaily.organizationId, organizationId))
    .orderBy(asc(statisticsDaily.day), asc(statisticsDaily.teamId));

describe('daily roll-ups', () => {
  it('count each team’s local day (America/Toronto) as computed by hand; computing again gives the same rows', async () => {
    const { org, teamA, teamB } = await buildStatisticsWeek();
    await rollup('2026-11-29T12:00:00Z'); // Sunday 07:00 in Toronto: the 22nd to the 29th.
    const strip = (rows: Awaited<ReturnType<typeof rowsOf>>) =>
      rows.map(({ computedAt: _, organizationId: __, ...r }) => r);
    const first = strip(await rowsOf(org.id));
    expect(first).toEqual([
      { ...EXPECTED.mondayA, teamId: teamA.id },
      { ...EXPECTED.tuesdayA, teamId: teamA.id },
      { ...EXPECTED.wednesdayB, teamId: teamB.id },
      // Sunday 29 at 01:00 in Toronto is in the job's span (today), not in the week.
      expect.objectContaining({ day: '2026-11-29', teamId: teamB.id, textsIn: 1, conversationsOpened: 1 }),
    ]);

    await rollup('2026-11-29T13:00:00Z');
    await computeDailyRollups(t.deps, {
      organizationId: org.id,
      timeZone: 'America/Toronto',
      from: '2026-11-22',
      to: '2026-11-28',
    });
    expect(strip(await rowsOf(org.id))).toEqual(first);
  });

  it('the same instants counted in Pacific/Auckland fall on other days', async () => {
    const { org, teamA } = await buildStatisticsWeek({ timeZone: 'Pacific/Auckland' });
    await computeDailyRollups(t.deps, {
      organizationId: org.id,
      timeZone: 'Pacific/Auckland',
      from: '2026-11-23',
      to: '2026-11-25',
    });
    const rows = await rowsOf(org.id);
    // 2026-11-23T14:00Z is Tuesday 03:00 NZDT; 2026-11-24T04:30Z Tuesday 17:30.
    expect(
      rows
        .filter((r) => r.teamId === teamA.id)
        .map((r) => [r.day, r.conversationsOpened, r.firstResponseSeconds]),
    ).toEqual([['2026-11-24', 2, [120, 600, 3600]]]);
  });
});

describe('internal notes in the roll-ups', () => {
  it('are neither texts nor replies: a note never answers a wait, nor hides the reply before a contact’s text', async () => {
    const org = await buildOrganization();
    const team = await buildTeam({ organizationId: org.id });
    await buildTextThread({
      organizationId: org.id,
      teamId: team.id,
      texts: [
        { at: '2026-11-24T14:00:00Z', direction: 'inbound' },
        { at: '2026-11-24T14:00:10Z', direction: 'note' },
        { at: '2026-11-24T14:01:00Z', direction: 'outbound' },
        { at: '2026-11-24T14:01:30Z', direction: 'note' },
        { at: '2026-11-24T14:02:00Z', direction: 'inbound' },
        { at: '2026-11-24T14:07:00Z', direction: 'outbound' },
      ],
    });
    await computeDailyRollups(t.deps, {
      organizationId: org.id,
      timeZone: 'America/Toronto',
      from: '2026-11-24',
      to: '2026-11-24',
    });
    const [row] = await rowsOf(org.id);
    expect(row).toMatchObject({ textsIn: 2, textsOut: 2, firstResponseSeconds: [60, 300] });
  });
});

describe('GET /api/statistics', () => {
  it('answers the span’s totals, every team and every day from the roll-ups (administrators)', async () => {
    const { org, teamA, teamB } = await buildStatisticsWeek();
    await rollup('2026-11-29T12:00:00Z');
    const headers = await signedInAs(await buildAdmin({ organizationId: org.id, teamIds: [teamA.id] }));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/statistics?from=2026-11-22&to=2026-11-28',
      headers,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json<StatisticsReport>();
    expect(report).toMatchObject({
      from: '2026-11-22',
      to: '2026-11-28',
      timeZone: 'America/Toronto',
      totals: EXPECTED.totals,
    });
    expect(report.byTeam.map((x) => [x.label, x.figures.textsIn, x.figures.firstResponse.median])).toEqual([
      ['Accueil', 4, 600],
      ['Facturation', 1, null],
    ]);
    expect(report.byDay.map((d) => d.day)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(report.byDay[1]!.figures.callsMissed).toBe(1);
    expect(report.byDay[2]!.figures).toMatchObject({ textsIn: 0, textsOut: 1 });

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/statistics?from=2026-11-22&to=2026-11-28&userGroupId=${teamB.id}`,
      headers,
    });
    expect(one.json<StatisticsReport>().totals).toMatchObject({
      textsIn: 1,
      callsVoicemail: 1,
      callsAnswered: 0,
    });
  });

  it('a span longer than a quarter: no days, every month it touches, the week’s figures in its month', async () => {
    const { org, teamA } = await buildStatisticsWeek();
    await rollup('2026-11-29T12:00:00Z');
    const headers = await signedInAs(await buildAdmin({ organizationId: org.id, teamIds: [teamA.id] }));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/statistics?from=2026-08-01&to=2026-11-28',
      headers,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json<StatisticsReport>();
    expect(report.byDay).toEqual([]);
    expect(report.byMonth.map((m) => m.month)).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
    expect(report.byMonth[3]!.figures).toEqual(EXPECTED.totals);
    expect(report.byMonth[0]!.figures.firstResponse).toEqual({ median: null, p90: null, samples: 0 });
    expect(report.totals).toEqual(EXPECTED.totals);
  });

  it('refuses a reversed or too long span (400), another organisation’s team (404) and a user (403)', async () => {
    const { org, teamA } = await buildStatisticsWeek();
    const headers = await signedInAs(await buildAdmin({ organizationId: org.id, teamIds: [teamA.id] }));
    const get = (query: string, h = headers) =>
      t.app.inject({ method: 'GET', url: `/api/statistics?${query}`, headers: h });
    expect((await get('from=2026-11-28&to=2026-11-22')).statusCode).toBe(400);
    expect((await get('from=2020-01-01&to=2026-11-22')).statusCode).toBe(400);
    const other = await buildStatisticsWeek();
    expect((await get(`from=2026-11-22&to=2026-11-28&userGroupId=${other.teamA.id}`)).statusCode).toBe(404);
    const user = await signedInAs(
      await buildUser({ organizationId: org.id, teamIds: [teamA.id], role: 'user' }),
    );
    expect((await get('from=2026-11-22&to=2026-11-28', user)).statusCode).toBe(403);
  });

  it('an administrator brings today’s figures up to date at once (POST /api/statistics/rollups)', async () => {
    // A new organisation: the hand-computed week would put its own texts on the real today.
    const org = await buildOrganization();
    const teamA = await buildTeam({ organizationId: org.id });
    const now = new Date();
    await buildTextThread({
      organizationId: org.id,
      teamId: teamA.id,
      texts: [{ at: now.toISOString(), direction: 'inbound' }],
    });
    const headers = await signedInAs(await buildAdmin({ organizationId: org.id, teamIds: [teamA.id] }));
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/statistics/rollups', headers });
    expect(refreshed.statusCode).toBe(204);
    const today = localDay(now, 'America/Toronto');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/statistics?from=${today}&to=${today}`,
      headers,
    });
    expect(res.json<StatisticsReport>().totals).toMatchObject({ textsIn: 1, conversationsOpened: 1 });
  });
});
