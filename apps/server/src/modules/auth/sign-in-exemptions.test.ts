import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildUser } from '../../test/factories';
import { passwordSignIn } from '../../test/sign-in-helpers';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/*
 * The sign-in blocks (outside business hours, a machine not allowed) never apply to the
 * administrators — admin, super-admin, devops — and apply to every other role. The
 * organisation's `auth.disallowUserLoginOutsideOffice` is the Security tab's enabled mode.
 */

const t = useTestApp();

afterEach(() => vi.useRealTimers());

/** 18:30 in Toronto on a Wednesday: outside the default week (Monday to Friday, 09:00–17:00). */
const EVENING = new Date('2026-01-14T23:30:00Z');
/** 10:00 in Toronto on a Wednesday. */
const MORNING = new Date('2026-01-14T15:00:00Z');

async function organisationWith(auth: {
  disallowLoginOutsideWorkHours: boolean;
  disallowUserLoginOutsideOffice: boolean;
}) {
  const admin = await buildAdmin();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/organizations',
    headers: await signedInAs(admin),
    payload: { options: { auth } },
  });
  expect(res.statusCode).toBe(200);
  return admin.organizationId;
}

describe('administrators are never blocked at sign-in', () => {
  for (const role of ['admin', 'super-admin', 'devops'] as const) {
    it(`${role}: signs in at night from a machine never seen, with both blocks on`, async () => {
      const organizationId = await organisationWith({
        disallowLoginOutsideWorkHours: true,
        disallowUserLoginOutsideOffice: true,
      });
      const person = await buildUser({ organizationId, role });
      vi.useFakeTimers({ toFake: ['Date'], now: EVENING });
      expect((await passwordSignIn(t.app, person)).statusCode).toBe(200);
    });
  }

  for (const role of ['user', 'marketing'] as const) {
    it(`${role}: refused at night, and by day from a machine that is not allowed`, async () => {
      const organizationId = await organisationWith({
        disallowLoginOutsideWorkHours: true,
        disallowUserLoginOutsideOffice: true,
      });
      const person = await buildUser({ organizationId, role });
      vi.useFakeTimers({ toFake: ['Date'], now: EVENING });
      expect((await passwordSignIn(t.app, person)).body.code).toBe('outside-work-hours');
      vi.setSystemTime(MORNING);
      expect((await passwordSignIn(t.app, person)).body.code).toBe('machine-not-allowed');
    });
  }

  it('with only the machine option on, the hours do not matter but a machine not allowed is refused', async () => {
    const organizationId = await organisationWith({
      disallowLoginOutsideWorkHours: false,
      disallowUserLoginOutsideOffice: true,
    });
    const person = await buildUser({ organizationId });
    vi.useFakeTimers({ toFake: ['Date'], now: EVENING });
    expect((await passwordSignIn(t.app, person)).body.code).toBe('machine-not-allowed');
  });
});
