import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { emailStandInsProcess, gmailStandInEnv } from './e2e/support/email-stand-in-env';

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
 * of the run instead of adding to it, and no journey sees the other server's rows. The Gmail
 * journey runs there too, on that server's main team: that server alone is configured with the
 * journey's OAuth and Gmail stand-ins (`e2e/support/email-stand-in-env.ts`, a process of their
 * own); the others keep the sandbox mailbox only.
 */
const CLOCK_BOUND = ['email-channel.spec.ts', 'scheduled-messages.spec.ts'];
const clockPort = port + 1;

/**
 * The other journeys run in two halves side by side, each in its own worker against its own
 * server and data (port + 2 for this half), so that no journey sees the other half's rows: the
 * calls and what rings or shows presence, and the rest. Balance them by their measured durations
 * (docs/architecture.md, "CI and its time budgets").
 */
const SECOND_HALF = [
  'calls.spec.ts',
  'calls-callback.spec.ts',
  'calls-transfer.spec.ts',
  'calls-transfer-extension.spec.ts',
  'calls-voicemail.spec.ts',
  'presence.spec.ts',
  'phones-settings.spec.ts',
  'accessibility.spec.ts',
  'organization-settings.spec.ts',
  'library.spec.ts',
  'email.spec.ts',
  'attachments.spec.ts',
];
const secondHalfPort = port + 2;

/** The server as `npm start` runs it, on `serverPort` with a fresh data directory, and `env`. */
function server(serverPort: number, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'accueil-e2e-'));
  const settings = Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  return {
    command: `DATA_DIR=${dataDir} PORT=${serverPort} ${settings} node apps/server/dist/main.js`,
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
  // Three journeys run at once on two cores: a long one (two axe checks, a second page) can pass
  // a minute on a loaded machine.
  timeout: 90_000,
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
    // The app's service worker would answer page loads from its cache, out of sight of
    // `page.route`: journeys run without it, except the service worker's own
    // (`service-worker.spec.ts`, which allows it).
    serviceWorkers: 'block',
  },
  // One worker per project, each with its own server: a project's journeys share its server's
  // data and run one after another; the projects run side by side.
  workers: 3,
  projects: [
    {
      name: 'clock',
      testMatch: CLOCK_BOUND,
      workers: 1,
      use: { ...chromium, baseURL: `http://localhost:${clockPort}` },
    },
    {
      name: 'chromium-calls',
      testMatch: SECOND_HALF,
      workers: 1,
      use: { ...chromium, baseURL: `http://localhost:${secondHalfPort}` },
    },
    {
      name: 'chromium',
      testIgnore: [...CLOCK_BOUND, ...SECOND_HALF],
      workers: 1,
      use: chromium,
    },
  ],
  webServer: [
    server(port),
    server(clockPort, gmailStandInEnv(clockPort)),
    server(secondHalfPort),
    { ...emailStandInsProcess(clockPort), cwd: repoRoot },
  ],
});
