import type { MachineList, OrganizationSettings } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../test/factories';
import { passwordSignIn } from '../../test/sign-in-helpers';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/*
 * The Organisation tab's "office only" option (`auth.disallowUserLoginOutsideOffice`) and the
 * Security tab's machine mode are one setting seen from two screens: the option is true exactly
 * when the mode is `enabled`, whichever screen changed it.
 */

const t = useTestApp();

async function organisation() {
  const admin = await buildAdmin();
  const user = await buildUser({ organizationId: admin.organizationId });
  return { user, headers: await signedInAs(admin), id: admin.organizationId };
}

const officeOnly = async (headers: Record<string, string>, id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/organizations/${id}`, headers })
  ).json<OrganizationSettings>().options.auth.disallowUserLoginOutsideOffice;
const mode = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/machines', headers })).json<MachineList>().mode;
const setOfficeOnly = (headers: Record<string, string>, on: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/organizations',
    headers,
    payload: { options: { auth: { disallowUserLoginOutsideOffice: on } } },
  });
const setMode = (headers: Record<string, string>, value: string) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/machines/mode', headers, payload: { mode: value } });

describe('"office only" and the machine mode', () => {
  it('turning "office only" on enables the allowlist (a user on an unknown machine is refused); off disables it', async () => {
    const { user, headers } = await organisation();
    expect((await setOfficeOnly(headers, true)).statusCode).toBe(200);
    expect(await mode(headers)).toBe('enabled');
    expect((await passwordSignIn(t.app, user)).body.code).toBe('machine-not-allowed');
    expect((await setOfficeOnly(headers, false)).statusCode).toBe(200);
    expect(await mode(headers)).toBe('disabled');
    expect((await passwordSignIn(t.app, user)).statusCode).toBe(200);
  });

  it('the Security tab\'s mode sets "office only": on in enabled mode only', async () => {
    const { headers, id } = await organisation();
    expect(await officeOnly(headers, id)).toBe(false);
    expect((await setMode(headers, 'enabled')).statusCode).toBe(200);
    expect(await officeOnly(headers, id)).toBe(true);
    expect((await setMode(headers, 'setup')).statusCode).toBe(200);
    expect(await officeOnly(headers, id)).toBe(false);
    expect((await setMode(headers, 'enabled')).statusCode).toBe(200);
    expect((await setMode(headers, 'disabled')).statusCode).toBe(200);
    expect(await officeOnly(headers, id)).toBe(false);
  });

  it('saving other settings leaves the mode alone (setup mode stays while "office only" reads false)', async () => {
    const { headers } = await organisation();
    expect((await setMode(headers, 'setup')).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/organizations',
          headers,
          payload: {
            options: { auth: { disallowLoginOutsideWorkHours: true, disallowUserLoginOutsideOffice: false } },
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(await mode(headers)).toBe('setup');
  });
});
