import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { emailStandInsProcess, gmailStandInEnv } from './e2e/support/email-stand-in-env';
import { fakeTimeEnv, serverClockFile } from './e2e/support/server-clock';
import { TIME_SCALE } from './e2e/support/time-scale';
import { startCommand } from '../../scripts/bench/lib/start-command.mjs';

/**
 * End-to-end journeys against the real server (which serves the built web app from
 * apps/web/dist) as `npm start` runs it (built by `npm run test:e2e`): a fresh data directory per run, port 3100, Debian's Chromium.
 * Run with `npm run test:e2e` from the repository root (it builds the web app first).
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

/**
 * The "clock" server: a second server with its own data, run under libfaketime so that a journey
 * can move its wall clock forward instead of waiting for it (a scheduled text leaves at its
 * minute, at least 5 minutes ahead: docs/behaviour/scheduled-messages.md;
 * `e2e/support/server-clock.ts`). Its journeys run in a worker of their own, beside the others,
 * against its own data, so that no journey sees another server's rows. The Gmail journey runs
 * there too, on that server's main team: that server alone is configured with the journey's
 * OAuth and Gmail stand-ins (`e2e/support/email-stand-in-env.ts`, a process of their own); the
 * others keep the sandbox mailbox only. Files run in alphabetical order, so the Gmail journey
 * runs before the clock moves (its stand-ins keep real time).
 */
const CLOCK_JOURNEYS = ['email-channel.spec.ts', 'scheduled-messages.spec.ts'];

/**
 * Journeys of no particular server that run on the clock server, for balance: alone, its two
 * journeys took 9 of the run's 48 minutes on CI (2026-11-30), its worker idle the rest. They
 * sort before `email-channel.spec.ts`, so they run on real time, before its clock moves (checked
 * below). Balanced by the durations of a full run (2026-11-30 23:26 UTC, 2 cores, time scale 2:
 * this project 505 s, the calls' half 638 s, the rest 738 s; then `accessibility.spec.ts` moved
 * here and four short journeys from the rest to the calls' half: about 600, 650 and 630 s).
 */
const BEFORE_THE_CLOCK = [
  'accessibility.spec.ts',
  'agenda.spec.ts',
  'assignment.spec.ts',
  'audit-log.spec.ts',
  'bulk.spec.ts',
  'collision.spec.ts',
  'configuration-forms.spec.ts',
  'contacts.spec.ts',
  'content-security-policy.spec.ts',
  'delivery.spec.ts',
  'devops-health.spec.ts',
];
const firstClockJourney = [...CLOCK_JOURNEYS].sort()[0]!;
for (const file of BEFORE_THE_CLOCK) {
  if (file >= firstClockJourney) throw new Error(`${file} would run after the clock server's clock moves`);
}
const CLOCK_SERVER = [...BEFORE_THE_CLOCK, ...CLOCK_JOURNEYS];
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
  'organization-settings.spec.ts',
  'library.spec.ts',
  'email.spec.ts',
  'attachments.spec.ts',
  'snooze.spec.ts',
  'onboarding.spec.ts',
  'help.spec.ts',
  'support.spec.ts',
  'service-status.spec.ts',
];
// collision.spec.ts runs on another server than presence.spec.ts: its agent's sessions, still
// within presence's grace period after it closes them, kept that user online when presence.spec.ts
// chose away.
const secondHalfPort = port + 2;

/**
 * What `npm start -w @accueil/server` runs (`node <flags> dist/start.js`), from the repository's
 * root: the journeys run the server production runs.
 */
const { flags: startFlags, entry: startEntry } = startCommand();
const serverStartCommand = ['node', ...startFlags, startEntry].join(' ');

/** The server as `npm start` runs it, on `serverPort` with a fresh data directory, and `env`. */
function server(serverPort: number, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'accueil-e2e-'));
  const settings = Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  return {
    command: `DATA_DIR=${dataDir} PORT=${serverPort} ${settings} ${serverStartCommand}`,
    cwd: repoRoot,
    url: `http://localhost:${serverPort}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000 * TIME_SCALE,
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
  // a minute on a loaded machine. Time limits scale with E2E_TIME_SCALE (e2e/support/time-scale.ts).
  timeout: 90_000 * TIME_SCALE,
  // E2E_EXPECT_TIMEOUT (ms) lengthens the assertions' wait on a machine loaded by other work.
  expect: { timeout: Number(process.env.E2E_EXPECT_TIMEOUT ?? 10_000 * TIME_SCALE) },
  fullyParallel: false,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'fr-CA',
    viewport: { width: 1440, height: 900 },
    // A failed journey keeps its trace: every action with the page's DOM before and after it.
    // Without the screencast (`screenshots`), which cost a third of the journeys' CPU (nine
    // journeys: 53 CPU s with it, 39 without, 35 with no trace; 2026-12-01): the failure's own
    // screenshot is still taken (`screenshot` below). That load had also hidden races (a caret
    // set a frame late; the list's search field filled for the editor's title) that show
    // without it.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
      testMatch: CLOCK_SERVER,
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
      testIgnore: [...CLOCK_SERVER, ...SECOND_HALF],
      workers: 1,
      use: chromium,
    },
  ],
  webServer: [
    server(port),
    server(clockPort, { ...gmailStandInEnv(clockPort), ...fakeTimeEnv(serverClockFile()) }),
    server(secondHalfPort),
    { ...emailStandInsProcess(clockPort), cwd: repoRoot },
  ],
});
