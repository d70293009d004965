import {
  IMPERSONATION_DURATION_MS,
  REFRESH_COOKIE_NAME,
  type DevopsOrganization,
  type LoginResponse,
  type SessionContext,
} from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { sessions } from '../../db/schema/sessions';
import {
  authHeader,
  buildAdmin,
  buildOrganization,
  buildTeam,
  buildUser,
  signIn,
} from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

async function target() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id, main: true });
  const admin = await buildAdmin({
    organizationId: org.id,
    teamIds: [team.id],
    firstName: 'Ada',
    lastName: 'Admin',
  });
  return { org, team, admin };
}

const start = (headers: Record<string, string>, organizationId: string) =>
  t.app.inject({ method: 'POST', url: '/api/devops/impersonations', headers, payload: { organizationId } });

describe('impersonation (devops)', () => {
  it("opens a 30-minute session as the organisation's administrator that names the devops user; profile shows it; stop signs devops back in", async () => {
    const devops = await buildUser({ role: 'devops', firstName: 'Dev', lastName: 'Ops' });
    const { jwt } = await signIn(t.app, devops);
    const { org, admin } = await target();
    const before = Date.now();
    const res = await start(authHeader(jwt), org.id);
    expect(res.statusCode).toBe(200);
    const login = res.json<LoginResponse>();
    expect(login.user.id).toBe(admin.id);
    expect(login.organization.id).toBe(org.id);
    expect(login.impersonation?.impersonator).toEqual({ id: devops.id, name: 'Dev Ops' });
    const ends = new Date(login.impersonation!.expiresAt).getTime();
    expect(ends - before).toBeGreaterThanOrEqual(IMPERSONATION_DURATION_MS - 1000);
    expect(ends - before).toBeLessThanOrEqual(IMPERSONATION_DURATION_MS + 5000);
    expect(res.cookies.some((c) => c.name === REFRESH_COOKIE_NAME)).toBe(true);

    const headers = authHeader(login.jwt);
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })
    ).json<SessionContext>();
    expect(profile.impersonation).toEqual(login.impersonation);
    // The impersonation acts in the organisation (its inbox answers) but cannot impersonate again.
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations', headers })).statusCode).toBe(200);
    expect((await start(headers, org.id)).statusCode).toBe(403);
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(row).toMatchObject({ impersonatorUserId: devops.id });

    const stop = await t.app.inject({ method: 'DELETE', url: '/api/devops/impersonations/current', headers });
    expect(stop.statusCode).toBe(200);
    const back = stop.json<LoginResponse>();
    expect(back.user.id).toBe(devops.id);
    expect(back.impersonation ?? null).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authHeader(back.jwt) }))
        .statusCode,
    ).toBe(200);

    // The impersonated organisation's audit log names the devops user for the start and the stop.
    const events = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.id));
    expect(events.map((e) => [e.action, e.actorUserId, e.actorName, e.targetId])).toEqual([
      ['impersonation.started', devops.id, 'Dev Ops', admin.id],
      ['impersonation.stopped', devops.id, 'Dev Ops', admin.id],
    ]);
    expect(events[0]!.details).toMatchObject({ impersonatorOrganizationId: devops.organizationId });
  });

  it('ends at its expiry: requests and refreshes are refused after it', async () => {
    const devops = await buildUser({ role: 'devops' });
    const { org } = await target();
    const res = await start(await signedInAs(devops), org.id);
    const login = res.json<LoginResponse>();
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)!;
    const [session] = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.impersonatorUserId, devops.id));
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session!.id));
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: authHeader(login.jwt),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'session-expired' });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `${REFRESH_COOKIE_NAME}=${cookie.value}` },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('is for devops only (403 for every other role, administrators included); unknown organisation 404; stop outside an impersonation 403', async () => {
    const { org } = await target();
    for (const role of ['user', 'admin', 'super-admin', 'marketing'] as const) {
      const headers = await signedInAs(await buildUser({ role }));
      expect((await start(headers, org.id)).statusCode, role).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/devops/organizations', headers })).statusCode,
        role,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/devops/impersonations/current', headers }))
          .statusCode,
        role,
      ).toBe(403);
    }
    const devops = await signedInAs(await buildUser({ role: 'devops' }));
    expect((await start(devops, crypto.randomUUID())).statusCode).toBe(404);
    const empty = await buildOrganization();
    expect((await start(devops, empty.id)).statusCode).toBe(404);
  });

  it('lists every organisation with its number of users', async () => {
    const { org } = await target();
    const devops = await signedInAs(await buildUser({ role: 'devops' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/devops/organizations', headers: devops });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: DevopsOrganization[] }>().items.find((o) => o.id === org.id)).toMatchObject({
      name: org.name,
      userCount: 1,
      country: 'CA',
    });
  });
});
