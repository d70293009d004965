import { test } from '@playwright/test';

/**
 * How much longer than on a quiet developer machine the journeys may take: `E2E_TIME_SCALE`
 * (default 1). CI sets 2 (`.ci/run`): its two-core machines run three journeys, three servers
 * and their browsers at once and were seen up to three times slower than a quiet machine. Only
 * time limits scale (a test's time-out, a server's start), never what a journey checks: a
 * journey that passes does so in the same time whatever the scale.
 */
export const TIME_SCALE = Math.max(1, Number(process.env.E2E_TIME_SCALE ?? 1) || 1);

/** Gives the running journey `ms` × {@link TIME_SCALE} in all (Playwright's `test.setTimeout`). */
export function journeyTimeout(ms: number): void {
  test.setTimeout(ms * TIME_SCALE);
}
