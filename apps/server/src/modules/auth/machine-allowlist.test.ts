import type { MachineList } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../test/factories';
import { passwordSignIn } from '../../test/sign-in-helpers';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/*
 * Sign-in restricted to the organisation's machines: setup mode lists every machine that signs
 * in, enabled mode refuses the others, administrators are never refused.
 */

const t = useTestApp();

async function organisation() {
  const admin = await buildAdmin();
  const user = await buildUser({ organizationId: admin.organizationId });
  return { admin, user, headers: await signedInAs(admin) };
}

const setMode = (headers: Record<string, string>, mode: string) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/machines/mode', headers, payload: { mode } });
const list = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/machines', headers })).json<MachineList>();

describe('machine restriction', () => {
  it('is off by default: any machine signs in and nothing is listed', async () => {
    const { user, headers } = await organisation();
    expect((await passwordSignIn(t.app, user)).statusCode).toBe(200);
    expect(await list(headers)).toEqual({ mode: 'disabled', machines: [] });
  });

  it('setup mode allowlists each machine that signs in; enabled mode refuses the others, not administrators', async () => {
    const { admin, user, headers } = await organisation();
    expect((await setMode(headers, 'setup')).statusCode).toBe(200);
    const office = await passwordSignIn(t.app, user);
    expect(office.statusCode).toBe(200);
    const listed = await list(headers);
    expect(listed.machines).toHaveLength(1);
    expect(listed.machines[0]).toMatchObject({
      name: '',
      lastUserName: `Test ${user.username}`,
      current: false,
    });

    expect((await setMode(headers, 'enabled')).statusCode).toBe(200);
    // The office machine still signs in; a machine never seen does not, even with the right password.
    expect((await passwordSignIn(t.app, { ...user, device: office.device })).statusCode).toBe(200);
    const home = await passwordSignIn(t.app, user);
    expect(home.statusCode).toBe(403);
    expect(home.body.code).toBe('machine-not-allowed');
    expect(home.refresh).toBeNull();
    // Administrators are never restricted, and their unknown machine does not join the list.
    const adminAway = await passwordSignIn(t.app, admin);
    expect(adminAway.statusCode).toBe(200);
    expect((await list({ authorization: `Bearer ${adminAway.body.jwt}` })).machines).toHaveLength(1);
  });

  it('a named machine keeps its name; a revoked one is refused in enabled mode', async () => {
    const { user, headers } = await organisation();
    await setMode(headers, 'setup');
    const office = await passwordSignIn(t.app, user);
    const [machine] = (await list(headers)).machines;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/machines/${machine!.id}`,
      headers,
      payload: { name: '  Accueil 1  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Accueil 1');
    await passwordSignIn(t.app, { ...user, device: office.device });
    expect((await list(headers)).machines[0]!.name).toBe('Accueil 1');
    await setMode(headers, 'enabled');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/machines/${machine!.id}`, headers }))
        .statusCode,
    ).toBe(204);
    expect((await passwordSignIn(t.app, { ...user, device: office.device })).statusCode).toBe(403);
  });

  it("only administrators see or change it (403), and another organisation's machine is 404", async () => {
    const { user, headers } = await organisation();
    await setMode(headers, 'setup');
    await passwordSignIn(t.app, user);
    const [machine] = (await list(headers)).machines;
    const asUser = await signedInAs(user);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/machines', headers: asUser })).statusCode,
    ).toBe(403);
    expect((await setMode(asUser, 'disabled')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/machines/${machine!.id}`, headers: asUser }))
        .statusCode,
    ).toBe(403);

    const other = await signedInAs(await buildAdmin());
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/auth/machines/${machine!.id}`,
          headers: other,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/machines/${machine!.id}`, headers: other }))
        .statusCode,
    ).toBe(404);
    expect((await list(other)).machines).toEqual([]);
    expect((await list(headers)).machines).toHaveLength(1);
  });
});
