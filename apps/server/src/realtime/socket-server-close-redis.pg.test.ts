import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

/**
 * A process that shuts down while another process keeps asking it for its sockets (what
 * presence does through the Redis adapter) must close without an unhandled rejection: in
 * production one ends the process before it has finished closing.
 */
it('closes without an unhandled rejection while another process asks it for its sockets', async () => {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const pub = createClient({ url });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  const other = new Server({ adapter: createAdapter(pub, sub, { requestsTimeout: 200 }) });
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    for (let round = 0; round < 8; round += 1) {
      const closing = await createTestApp({ REDIS_URL: url });
      let asking = true;
      let answers = 0;
      // Many requests in flight, so that some arrive while the process is closing.
      const askers = Array.from({ length: 20 }, async () => {
        while (asking) {
          await other.fetchSockets().then(
            () => (answers += 1),
            () => undefined,
          );
        }
      });
      // The closing process answers before it closes (on a slow machine its first answers can
      // take longer than any fixed pause), then closes a little later each round.
      await expect.poll(() => answers, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, round * 10));
      await closing.close();
      await new Promise((r) => setTimeout(r, 100));
      asking = false;
      await Promise.all(askers);
    }
    expect(rejections).toEqual([]);
  } finally {
    process.off('unhandledRejection', onRejection);
    await other.of('/').adapter.close();
    await Promise.allSettled([pub.quit(), sub.quit()]);
  }
});
