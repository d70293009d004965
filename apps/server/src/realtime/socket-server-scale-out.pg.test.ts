import type { RealtimeEvents } from '@accueil/domain';
import { expect, it } from 'vitest';
import { randomPhoneNumber } from '../test/factories';
import { memberSocket, useTwoServerProcesses } from '../test/two-processes';

/**
 * Scale-out on the production path: two server processes sharing one PostgreSQL and one Redis.
 * Runs only in the PostgreSQL pass (`*.pg.test.ts`, see vitest.config.ts): two PGlite apps
 * cannot share a database.
 */
const s = useTwoServerProcesses();

it('announces an inbound text received by another server process (shared PostgreSQL)', async () => {
  const { team, socket } = await memberSocket(s.a, s.baseUrlA);
  const got = new Promise<RealtimeEvents['message:created']>((resolve) =>
    socket.once('message:created', resolve),
  );
  const res = await s.b.app.inject({
    method: 'POST',
    url: '/api/sandbox/messages',
    payload: { from: randomPhoneNumber(), to: team.phoneNumber, body: 'via redis' },
  });
  expect(res.statusCode).toBe(201);
  expect((await got).message.body).toBe('via redis');
  socket.disconnect();
});
