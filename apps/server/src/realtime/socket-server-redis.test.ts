import type { RealtimeEvents } from '@accueil/domain';
import { expect, it } from 'vitest';
import { memberSocket, useTwoServerProcesses } from '../test/two-processes';

/** Redis of the test machines (common brief); CI sets REDIS_URL to the same server. */
const s = useTwoServerProcesses();

it('fans an event published by another server process out through Redis', async () => {
  const { team, socket } = await memberSocket(s.a, s.baseUrlA);
  const got = new Promise<RealtimeEvents['conversation:removed']>((resolve) =>
    socket.once('conversation:removed', resolve),
  );
  const payload = { id: crypto.randomUUID(), userGroupId: team.id, version: 3 };
  s.b.deps.realtime.publish(`team:${team.id}`, 'conversation:removed', payload);
  expect(await got).toEqual(payload);
  socket.disconnect();
});
