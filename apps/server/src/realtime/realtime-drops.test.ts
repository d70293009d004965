import { expect, it } from 'vitest';
import { runDropsScenario } from '../test/drops-scenario';
import { useTestApp } from '../test/test-app';

/**
 * Realtime through drops: 200 clients (4 teams) behind a TCP proxy that cuts 5 % of
 * the live connections every 2 s, while 300 inbound texts arrive over 20 s into 12
 * conversations. Every client must end with every message of its team, in seq order, none
 * twice, through versioned events and the catch-up after each reconnect (the web app's rules).
 */
const app = useTestApp();

it('every client ends with every message, in order, none twice, through connection drops', async () => {
  const result = await runDropsScenario([app], {
    clients: 200,
    teams: 4,
    numbersPerTeam: 3,
    texts: 300,
    sendOverMs: 20_000,
    cutEveryMs: 2_000,
    cutFraction: 0.05,
  });
  console.info(
    `realtime drops (1 process): ${JSON.stringify({ ...result, mismatches: result.mismatches.length })}`,
  );
  expect(result.stored).toBe(300);
  expect(result.cuts).toBeGreaterThan(50);
  expect(result.disconnects).toBeGreaterThan(50);
  expect(result.mismatches.slice(0, 5)).toEqual([]);
}, 90_000);
