import { ROLES, type Role } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildConversation } from '../test/conversation-factories';
import { buildOrganization, buildTeam, buildUser, signIn } from '../test/factories';
import { routeCatalogue } from '../test/hostile/route-catalogue';
import { ROUTE_EXPECTATIONS, urlOf, type OwnWorld } from '../test/route-expectations';
import { signedInAs } from '../test/signed-in';
import { useTestApp } from '../test/test-app';

/**
 * The role × route matrix: every `/api` route the app registers (read from its OpenAPI
 * description, which lists every route: hostile-input.test.ts checks that) against
 * `ROUTE_EXPECTATIONS`, for each role and for a caller without a session. A route without an
 * expectation fails here, so a new route's rule is decided when it is added.
 */
const t = useTestApp();

/** A new organisation with a main team (with a number), a user of `role` and another user in it, and a conversation of that team. */
async function worldOf(role: Role): Promise<OwnWorld> {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id, main: true });
  const user = await buildUser({ organizationId: org.id, teamIds: [team.id], role });
  const other = await buildUser({ organizationId: org.id, teamIds: [team.id], role: 'user' });
  const conversation = await buildConversation({
    organizationId: org.id,
    teamId: team.id,
    messageBodies: ['Bonjour'],
  });
  const { cookie } = await signIn(t.app, other);
  return {
    organizationId: org.id,
    teamId: team.id,
    teamNumber: team.phoneNumber!,
    conversationId: conversation.id,
    userId: user.id,
    otherUserId: other.id,
    username: user.username,
    password: user.password,
    refreshCookie: cookie,
  };
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
/** Every route but the HEAD twins Fastify adds to GET routes (same handler, same access). */
const routes = () => routeCatalogue(t.app).filter((r) => r.method !== 'HEAD');

describe('role × route matrix', () => {
  it('has an expectation for every registered route, and none for a route that is gone', () => {
    const registered = routes().map(key).sort();
    const missing = registered.filter((k) => !(k in ROUTE_EXPECTATIONS));
    expect(
      missing,
      "routes without an expectation: add each to its area's table in apps/server/src/test/route-expectations/ (merged by route-expectations.ts)",
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_EXPECTATIONS).filter((k) => !registered.includes(k)),
      'expectations of routes the app no longer has',
    ).toEqual([]);
  });

  it('allows each role exactly what its expectation says, refuses the others (403) and callers without a session (401)', async () => {
    const worlds = new Map<Role, OwnWorld>();
    for (const role of ROLES) worlds.set(role, await worldOf(role));
    const anonymousWorld = await worldOf('user');
    const wrong: string[] = [];
    for (const route of routes()) {
      const expectation = ROUTE_EXPECTATIONS[key(route)];
      if (!expectation) continue;
      for (const role of [...ROLES, null]) {
        const world = role ? worlds.get(role)! : anonymousWorld;
        const request = expectation.request?.(world) ?? {};
        const headers = {
          ...request.headers,
          ...(role ? await signedInAs({ id: world.userId, organizationId: world.organizationId }) : {}),
        };
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.path, request),
          headers,
          ...(request.payload === undefined ? {} : { payload: request.payload as object }),
        });
        const allowed = expectation.allow === 'public' || (role !== null && expectation.allow.includes(role));
        const refusal = role === null ? 401 : 403;
        const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === refusal;
        if (!ok)
          wrong.push(
            `${key(route)} as ${role ?? 'anonymous'}: ${res.statusCode} (expected ${allowed ? 'allowed' : refusal}) ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    // Every route for every role: over a thousand requests, ~13 s on a quiet machine.
  }, 120_000);
});
