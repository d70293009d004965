import { afterAll, beforeAll, expect, it } from 'vitest';
import { runDropsScenario } from '../test/drops-scenario';
import { createTestApp } from '../test/test-app';

/**
 * Realtime through drops across two server processes sharing PostgreSQL and Redis:
 * the proxy spreads connections round robin (no stickiness: websocket transport only), so a
 * client that reconnects usually lands on the other process, and texts are ingested by both
 * (events reach a client out of seq order). PostgreSQL pass only.
 */
let servers: Awaited<ReturnType<typeof createTestApp>>[] = [];
beforeAll(async () => {
  const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  servers = [await createTestApp({ REDIS_URL: redis }), await createTestApp({ REDIS_URL: redis })];
});
afterAll(async () => {
  for (const s of servers) await s.close();
});

it('every client ends with every message, in order, none twice, across two processes and connection drops', async () => {
  const result = await runDropsScenario(servers, {
    clients: 200,
    teams: 4,
    numbersPerTeam: 3,
    texts: 300,
    sendOverMs: 20_000,
    cutEveryMs: 2_000,
    cutFraction: 0.05,
  });
  console.info(
    `realtime drops (2 processes): ${JSON.stringify({ ...result, mismatches: result.mismatches.length })}`,
  );
  expect(result.stored).toBe(300);
  expect(result.disconnects).toBeGreaterThan(50);
  expect(result.mismatches.slice(0, 5)).toEqual([]);
}, 90_000);
