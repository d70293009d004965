import { defaultSchedule, type AuditEventPage } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildUser } from '../../test/factories';
import { passwordSignIn } from '../../test/sign-in-helpers';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/*
 * Sign-in outside business hours (`options.auth.disallowLoginOutsideWorkHours`), with a fake
 * clock. The factories' organisations are in Toronto with the default week (Monday to Friday,
 * 09:00–17:00).
 */

const t = useTestApp();

afterEach(() => vi.useRealTimers());

/** Wednesday 14 January 2026 at `hhmm` UTC (Toronto is UTC−5 in winter). */
const wednesday = (hhmm: string) => new Date(`2026-01-14T${hhmm}:00Z`);

async function organisation(restricted: boolean) {
  const admin = await buildAdmin();
  const user = await buildUser({ organizationId: admin.organizationId });
  await t.deps.db.execute(
    sql`UPDATE organizations SET options = coalesce(options, '{}'::jsonb) || ${JSON.stringify({ auth: { disallowLoginOutsideWorkHours: restricted, disallowUserLoginOutsideOffice: false } })}::jsonb WHERE id = ${admin.organizationId}`,
  );
  return { admin, user };
}

describe('sign-in outside business hours', () => {
  it('refuses a user at night (403 outside-work-hours, with the next opening) and records the blocked sign-in', async () => {
    const { admin, user } = await organisation(true);
    vi.useFakeTimers({ toFake: ['Date'], now: wednesday('23:30') }); // 18:30 in Toronto
    const res = await passwordSignIn(t.app, user);
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatchObject({
      code: 'outside-work-hours',
      details: { opensAt: '2026-01-15T14:00:00.000Z' },
    });
    expect(res.refresh).toBeNull();
    vi.useRealTimers();
    const events = (
      await t.app.inject({ method: 'GET', url: '/api/audit-events', headers: await signedInAs(admin) })
    ).json<AuditEventPage>().items;
    expect(events[0]).toMatchObject({
      action: 'sign-in.blocked',
      actor: { id: user.id },
      details: { reason: 'outside-work-hours' },
    });
    expect(events.some((e) => e.action === 'sign-in.succeeded')).toBe(false);
  });

  it('lets the user in during opening hours, and refuses them again at the weekend', async () => {
    const { user } = await organisation(true);
    vi.useFakeTimers({ toFake: ['Date'], now: wednesday('15:00') }); // 10:00 in Toronto
    expect((await passwordSignIn(t.app, user)).statusCode).toBe(200);
    vi.setSystemTime(new Date('2026-01-17T15:00:00Z')); // Saturday 10:00
    expect((await passwordSignIn(t.app, user)).body.code).toBe('outside-work-hours');
  });

  it('refuses a user during a break and during a vacation, not an administrator', async () => {
    const { admin, user } = await organisation(true);
    const schedule = defaultSchedule();
    for (const day of schedule.week) if (day.enabled) day.breaks = [{ start: '12:00', end: '13:00' }];
    schedule.vacations = [{ start: '2026-01-15', end: '2026-01-15', label: 'Formation' }];
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${admin.organizationId}/schedule`,
      headers: await signedInAs(admin),
      payload: schedule,
    });
    expect(saved.statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'], now: wednesday('17:30') }); // 12:30 in Toronto, the lunch break
    const atLunch = await passwordSignIn(t.app, user);
    expect(atLunch.statusCode).toBe(403);
    expect(atLunch.body).toMatchObject({
      code: 'outside-work-hours',
      details: { opensAt: '2026-01-14T18:00:00.000Z' },
    });
    expect((await passwordSignIn(t.app, admin)).statusCode).toBe(200);
    vi.setSystemTime(wednesday('18:30')); // 13:30, open again
    expect((await passwordSignIn(t.app, user)).statusCode).toBe(200);

    vi.setSystemTime(new Date('2026-01-15T15:00:00Z')); // Thursday 10:00 in Toronto, on vacation
    const onVacation = await passwordSignIn(t.app, user);
    expect(onVacation.statusCode).toBe(403);
    expect(onVacation.body).toMatchObject({ code: 'outside-work-hours' });
    expect((await passwordSignIn(t.app, admin)).statusCode).toBe(200);
  });

  it('never blocks an administrator', async () => {
    const { admin } = await organisation(true);
    vi.useFakeTimers({ toFake: ['Date'], now: wednesday('23:30') });
    expect((await passwordSignIn(t.app, admin)).statusCode).toBe(200);
  });

  it('blocks nobody when the option is off', async () => {
    const { user } = await organisation(false);
    vi.useFakeTimers({ toFake: ['Date'], now: wednesday('23:30') });
    expect((await passwordSignIn(t.app, user)).statusCode).toBe(200);
  });
});
