import { createServer } from 'node:http';
import { expect, it, vi } from 'vitest';
import { attachRealtime } from './socket-server';

/** Redis of the test machines when REDIS_URL is set (CI): its adapter rejected a late publish. */
it('an announcement after close reaches nobody and rejects nothing, with or without Redis', async () => {
  const server = createServer();
  const deps = { log: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } } as never;
  const realtime = await attachRealtime(server, deps, { redisUrl: process.env.REDIS_URL });
  await realtime.close();
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    expect(() =>
      realtime.publisher.publish('team:x', 'conversation:removed', { id: 'c', userGroupId: 'x', version: 1 }),
    ).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rejections).toEqual([]);
  } finally {
    process.off('unhandledRejection', onRejection);
    server.close();
  }
});
