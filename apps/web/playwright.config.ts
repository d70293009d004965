import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys against the real server (which serves the built web app from
 * apps/web/dist) as `npm start` runs it (built by `npm run test:e2e`): a fresh data directory per run, port 3100, Debian's Chromium.
 * Run with `npm run test:e2e` from the repository root (it builds the web app first).
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

/**
 * The journeys that mostly wait for the clock (a scheduled text leaves at its minute, at least
 * 5 minutes ahead: docs/behaviour/scheduled-messages.md) run in a second worker against a
 * second server with its own data, beside the others: their minutes of waiting overlap the rest
 * of the run instead of adding to it, and no journey sees the other server's rows.
 */
const CLOCK_BOUND = ['scheduled-messages.spec.ts'];
const clockPort = port + 1;

/** The server as `npm start` runs it, on `serverPort` with a fresh data directory. */
function server(serverPort: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'accueil-e2e-'));
  return {
    command: `DATA_DIR=${dataDir} PORT=${serverPort} node apps/server/dist/main.js`,
    cwd: repoRoot,
    url: `http://localhost:${serverPort}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1440, height: 900 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'fr-CA',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // One worker per project: the journeys share one server's data and run one after another; the
  // clock-bound ones run beside them on their own server.
  workers: 2,
  projects: [
    {
      name: 'clock',
      testMatch: CLOCK_BOUND,
      workers: 1,
      use: { ...chromium, baseURL: `http://localhost:${clockPort}` },
    },
    {
      name: 'chromium',
      testIgnore: CLOCK_BOUND,
      workers: 1,
      use: chromium,
    },
  ],
  webServer: [server(port), server(clockPort)],
});
