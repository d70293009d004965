import { defaultSchedule, type Schedule, type TeamSchedule } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildTeam } from '../../test/factories';
import { getSchedulePeriod } from './index';
import { useTestApp } from '../../test/test-app';
import { organizationTestHelpers } from '../../test/organization-helpers';

/* The organisation's and the teams' schedules through the API, and the period at an instant other modules ask. */
const t = useTestApp();
const { call, buildOrganizationWithStaff } = organizationTestHelpers(t);

describe('organisation schedule', () => {
  const lunch = (): Schedule => {
    const s = defaultSchedule();
    for (const day of s.week) if (day.enabled) day.breaks = [{ start: '12:00', end: '13:00' }];
    s.vacations = [{ start: '2026-12-24', end: '2026-12-26', label: 'Fêtes' }];
    return s;
  };

  it('reads the default schedule, then what an administrator saves', async () => {
    const { org, adminHeaders, userHeaders } = await buildOrganizationWithStaff();
    expect((await call('GET', `/api/organizations/${org.id}/schedule`, userHeaders)).json()).toEqual(
      defaultSchedule(),
    );
    const saved = await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, lunch());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(lunch());
    expect((await call('GET', `/api/organizations/${org.id}/schedule`, userHeaders)).json()).toEqual(lunch());
  });

  it('refuses a schedule breaking the rules, one issue per problem', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const s = lunch();
    s.week[1] = { ...s.week[1]!, start: '18:00', end: '08:00' };
    s.week[2] = {
      ...s.week[2]!,
      breaks: [
        { start: '12:00', end: '13:00' },
        { start: '12:30', end: '14:00' },
      ],
    };
    s.week[3] = { ...s.week[3]!, breaks: [{ start: '16:30', end: '17:30' }] };
    const res = await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, s);
    expect(res.statusCode).toBe(400);
    const issues = res
      .json<{ details: { path: string; message: string }[] }>()
      .details.map((d) => `${d.path}: ${d.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'week.1.end: schedule-start-after-end',
        'week.2.breaks.1: schedule-breaks-overlap',
        'week.3.breaks.0: schedule-break-outside-hours',
      ]),
    );
  });

  it('answers 403 to a user and 404 for another organisation', async () => {
    const { org, adminHeaders, userHeaders } = await buildOrganizationWithStaff();
    expect(
      (await call('PUT', `/api/organizations/${org.id}/schedule`, userHeaders, lunch())).statusCode,
    ).toBe(403);
    const other = await buildOrganization();
    expect((await call('GET', `/api/organizations/${other.id}/schedule`, adminHeaders)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/organizations/${other.id}/schedule`, adminHeaders, lunch())).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/organizations/${other.id}/schedule`, adminHeaders)).statusCode).toBe(404);
  });
});

describe('team schedule', () => {
  const early = (): Schedule => {
    const s = defaultSchedule();
    for (const day of s.week) day.start = '07:30';
    s.vacations = [{ start: '2026-07-01', end: '2026-07-10' }];
    return s;
  };

  it('follows the organisation’s until it has its own, and again after null', async () => {
    const { org, adminHeaders, userHeaders, teamId } = await buildOrganizationWithStaff();
    const orgSchedule = { ...defaultSchedule(), vacations: [{ start: '2026-12-24', end: '2026-12-26' }] };
    await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, orgSchedule);

    const initial = await call('GET', `/api/teams/${teamId}/schedule`, userHeaders);
    expect(initial.json<TeamSchedule>()).toEqual({
      teamId,
      schedule: null,
      effective: orgSchedule,
      timeZone: 'America/Toronto',
    });

    const own = await call('PUT', `/api/teams/${teamId}/schedule`, adminHeaders, { schedule: early() });
    expect(own.statusCode).toBe(200);
    const body = own.json<TeamSchedule>();
    expect(body.schedule).toEqual(early());
    expect(body.effective.week).toEqual(early().week);
    expect(body.effective.vacations).toEqual([...orgSchedule.vacations, ...early().vacations]);

    const back = await call('PUT', `/api/teams/${teamId}/schedule`, adminHeaders, { schedule: null });
    expect(back.json<TeamSchedule>()).toMatchObject({ schedule: null, effective: orgSchedule });
  });

  it('answers 403 to a user, 404 for another organisation’s team (to an administrator too)', async () => {
    const { adminHeaders, userHeaders, teamId } = await buildOrganizationWithStaff();
    expect(
      (await call('PUT', `/api/teams/${teamId}/schedule`, userHeaders, { schedule: early() })).statusCode,
    ).toBe(403);
    const otherTeam = await buildTeam();
    expect((await call('GET', `/api/teams/${otherTeam.id}/schedule`, adminHeaders)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/teams/${otherTeam.id}/schedule`, adminHeaders, { schedule: early() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/teams/${otherTeam.id}/schedule`, userHeaders, { schedule: early() }))
        .statusCode,
    ).toBe(404);
  });
});

describe('getSchedulePeriod', () => {
  it('reads the team’s schedule in the organisation’s time zone, falling back to the organisation’s', async () => {
    const { org, adminHeaders, teamId } = await buildOrganizationWithStaff();
    await call('PUT', '/api/organizations', adminHeaders, { timeZone: 'Europe/Paris' });
    const orgSchedule = defaultSchedule();
    orgSchedule.week[3]!.breaks = [{ start: '12:00', end: '13:00' }];
    await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, orgSchedule);
    // Wednesday 14 January 2026, 11:00 UTC = 12:00 in Paris: the organisation's lunch break.
    const noon = new Date('2026-01-14T11:00:00Z');
    expect(await getSchedulePeriod(t.deps, org.id, teamId, noon)).toMatchObject({
      period: 'BREAK',
      next: { period: 'OPEN', at: new Date('2026-01-14T12:00:00Z') },
      timeZone: 'Europe/Paris',
    });
    expect((await getSchedulePeriod(t.deps, org.id, null, noon))!.period).toBe('BREAK');
    // The team's own week has no break.
    await call('PUT', `/api/teams/${teamId}/schedule`, adminHeaders, { schedule: defaultSchedule() });
    expect((await getSchedulePeriod(t.deps, org.id, teamId, noon))!.period).toBe('OPEN');
    // Another organisation's team reads as the organisation's own schedule.
    const otherTeam = await buildTeam();
    expect((await getSchedulePeriod(t.deps, org.id, otherTeam.id, noon))!.period).toBe('BREAK');
    expect(await getSchedulePeriod(t.deps, '00000000-0000-4000-8000-000000000000', null, noon)).toBeNull();
  });
});
