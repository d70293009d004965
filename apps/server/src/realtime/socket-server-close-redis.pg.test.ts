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
      // Many requests in flight, so that some arrive while the process is closing.
      const askers = Array.from({ length: 20 }, async () => {
        let answers = 0;
        while (asking) {
          await other.fetchSockets().then(
            () => (answers += 1),
            () => undefined,
          );
        }
        return answers;
      });
      await new Promise((r) => setTimeout(r, 50 + round * 10));
      await closing.close();
      await new Promise((r) => setTimeout(r, 100));
      asking = false;
      expect((await Promise.all(askers)).reduce((a, b) => a + b)).toBeGreaterThan(0);
    }
    expect(rejections).toEqual([]);
  } finally {
    process.off('unhandledRejection', onRejection);
    await other.of('/').adapter.close();
    await Promise.allSettled([pub.quit(), sub.quit()]);
  }
});
