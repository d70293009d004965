import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { buildOrganization, buildTeam, buildUser } from './factories';
import { accessTokenFor } from './signed-in';
import { createTestApp } from './test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Two server processes sharing one Redis (and, on PostgreSQL, one database): what a load
 * balancer spreads users over. `a` listens on a real port so sockets can connect to it.
 * Registers its own beforeAll/afterAll; read the handles inside tests.
 */
export function useTwoServerProcesses(redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') {
  const handles = {} as { a: TestApp; b: TestApp; baseUrlA: string };
  beforeAll(async () => {
    handles.a = await createTestApp({ REDIS_URL: redisUrl });
    handles.b = await createTestApp({ REDIS_URL: redisUrl });
    handles.baseUrlA = await handles.a.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await handles.a.close();
    await handles.b.close();
  });
  return handles;
}

/** A member of a new team, connected by websocket to the server at `baseUrl`. */
export async function memberSocket(app: TestApp, baseUrl: string) {
  const org = await buildOrganization({ db: app.deps.db });
  const team = await buildTeam({ db: app.deps.db, organizationId: org.id });
  const user = await buildUser({ db: app.deps.db, organizationId: org.id, teamIds: [team.id] });
  const jwt = await accessTokenFor(user, app);
  const socket: Socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: { token: jwt },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { team, socket };
}
