#!/usr/bin/env node
// Contacts page benchmark: the /contacts screen over --contacts contacts (100,000 by default;
// lib/contacts-dataset.mjs) in Debian's Chromium, counting the main thread's long tasks (over
// 50 ms, PerformanceObserver 'longtask') in three phases: the first render (sign-in done, the
// Contacts link clicked, until the first rows and 0.5 s after), All chosen and scrolled by wheel
// steps (as a person scrolls), then jumps to the middle and the end of the list (the All view
// reads its pages of 500 one after another until the rows in view are there).
// Needs the web app built (`npm run build -w @accueil/web`; --web-dist another build's folder,
// --server-dir another checkout: the before/after of a change in one session). Not a test: run
// it by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/contacts-page.mjs [--contacts 100000] [--runs 3] [--port 3575]
//     [--pg-db accueil_bench_page] [--keep] [--web-dist DIR] [--server-dir DIR] [--trace FILE]
//     [--trace-phase render|wheel] [--inbox-wait MS]
//
// --trace writes a Chromium performance trace of the last run's scrolling (open it in the
// browser's Performance panel) to see what a long task spent its time on; --trace-phase render
// traces its first render instead. --inbox-wait is how long the inbox stays open before the
// Contacts link is clicked (1,000 ms by default; 0 is import.mjs's page run, with the inbox still
// loading its idle parts); the first render lists each long task's start after the click.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { repo, startAccueil } from './lib/accueil-server.mjs';
import { insertContactsSql } from './lib/contacts-dataset.mjs';
import { psql, resetDatabase } from './lib/postgres.mjs';
import { r1 } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    contacts: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3575' },
    'pg-db': { type: 'string', default: 'accueil_bench_page' },
    keep: { type: 'boolean', default: false },
    'web-dist': { type: 'string', default: join(repo, 'apps/web/dist') },
    'server-dir': { type: 'string', default: repo },
    trace: { type: 'string' },
    'trace-phase': { type: 'string', default: 'wheel' },
    'inbox-wait': { type: 'string', default: '1000' },
  },
});
const CONTACTS = Number(args.contacts);
const pgDb = args['pg-db'];
const log = (...m) => console.error(`[contacts-page] ${m.join(' ')}`);

/** Whether the kept database already holds the contacts. */
function dataSetReady() {
  if (!psql('postgres', `SELECT 1 FROM pg_database WHERE datname = '${pgDb}'`)) return false;
  return Number(psql(pgDb, 'SELECT count(*) FROM contacts')) >= CONTACTS;
}

/** The server's migrations and demo data, then the contacts written by SQL. */
async function buildDataSet() {
  log(`building ${CONTACTS} contacts`);
  resetDatabase(pgDb);
  const server = await startAccueil({
    port: Number(args.port),
    db: 'postgres',
    pgDb,
    dataDir: tmpdir(),
    keepData: true,
    seedDemo: true,
    probe: false,
    readyTimeoutS: 600,
  });
  await server.stop();
  const org = psql(pgDb, 'SELECT id FROM organizations ORDER BY created_at LIMIT 1');
  for (let from = 0; from < CONTACTS; from += 50_000)
    psql(pgDb, insertContactsSql(org, from, Math.min(CONTACTS, from + 50_000) - 1));
  psql(pgDb, 'VACUUM ANALYZE contacts');
}

/** Long tasks of a phase: how many over 50 ms, the longest, their sum (ms). */
const summary = (tasks) => ({
  over50: tasks.filter((t) => t > 50).length,
  longestMs: r1(Math.max(0, ...tasks)),
  totalMs: r1(tasks.reduce((a, b) => a + b, 0)),
});

/** One run in a fresh browser: the three phases' long tasks. */
async function run(base, tracePath) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'fr-CA' });
    await page.addInitScript(() => {
      window.__tasks = [];
      window.__entries = [];
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => {
          window.__tasks.push(e.duration);
          window.__entries.push({ at: e.startTime, ms: e.duration });
        }),
      ).observe({ type: 'longtask', buffered: true });
    });
    const takeTasks = () =>
      page.evaluate(() => {
        window.__entries.length = 0;
        return window.__tasks.splice(0);
      });
    await page.goto(`${base}/login`);
    await page.getByLabel("Nom d'utilisateur").fill('admin');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Demo-Accueil-2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/conversations$/);
    await page.waitForTimeout(Number(args['inbox-wait']));
    await takeTasks();
    const traceRender = tracePath && args['trace-phase'] === 'render';
    if (traceRender) await browser.startTracing(page, { path: tracePath, screenshots: false });
    const clickedAt = await page.evaluate(() => performance.now());
    const t0 = Date.now();
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('row').nth(1).waitFor();
    const firstRowsMs = Date.now() - t0;
    await page.waitForTimeout(500);
    const renderEntries = await page.evaluate(() => window.__entries.slice());
    const render = {
      ...summary(await takeTasks()),
      over50At: renderEntries
        .filter((e) => e.ms > 50)
        .map((e) => `${r1(e.ms)} ms at ${r1(e.at - clickedAt)} ms`),
    };
    if (traceRender) await browser.stopTracing();

    await page.getByRole('combobox', { name: 'Par page' }).click();
    await page.getByRole('option', { name: 'Tous' }).click();
    await page.getByRole('row').nth(1).waitFor();
    await page.waitForTimeout(500);
    const choose = summary(await takeTasks());
    const scroller = page.locator('table').locator('xpath=..');
    const box = await scroller.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    if (tracePath && !traceRender) await browser.startTracing(page, { path: tracePath, screenshots: false });
    // 300 wheel steps of 400 px (≈ 2,400 rows: the All view reads about five pages on the way).
    for (let i = 0; i < 300; i++) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(16);
    }
    await page.waitForTimeout(500);
    const wheel = summary(await takeTasks());
    // Jumps: the middle then the end, each followed by 50 wheel steps once its rows are drawn.
    const jumps = [];
    for (const at of [0.5, 1]) {
      const t1 = Date.now();
      await scroller.evaluate((el, f) => el.scrollTo({ top: el.scrollHeight * f - el.clientHeight }), at);
      await page.locator('tbody tr td button').first().waitFor({ timeout: 120_000 });
      await page.waitForFunction(() => !document.querySelector('tbody .mantine-Skeleton-root'), null, {
        timeout: 120_000,
      });
      const rowsAfterMs = Date.now() - t1;
      for (let i = 0; i < 50; i++) {
        await page.mouse.wheel(0, at === 1 ? -400 : 400);
        await page.waitForTimeout(16);
      }
      await page.waitForTimeout(500);
      jumps.push({ at, rowsAfterMs, ...summary(await takeTasks()) });
    }
    if (tracePath && !traceRender) await browser.stopTracing();
    const rowsInDom = await page.locator('tbody tr').count();
    return { firstRowsMs, render, chooseAll: choose, wheel, jumps, rowsInDom };
  } finally {
    await browser.close();
  }
}

if (!(args.keep && dataSetReady())) await buildDataSet();
const server = await startAccueil({
  port: Number(args.port),
  db: 'postgres',
  pgDb,
  dataDir: tmpdir(),
  keepData: true,
  probe: false,
  serverDir: args['server-dir'],
  env: { WEB_DIST_DIR: args['web-dist'] },
  readyTimeoutS: 600,
});
try {
  const runs = [];
  for (let i = 0; i < Number(args.runs); i++) {
    const result = await run(server.base, i === Number(args.runs) - 1 ? args.trace : undefined);
    log(JSON.stringify(result));
    runs.push(result);
  }
  const load = (await import('node:os')).loadavg().map(r1);
  console.log(
    JSON.stringify({
      date: new Date().toISOString(),
      contacts: CONTACTS,
      webDist: args['web-dist'],
      serverDir: args['server-dir'],
      loadAverage: load,
      runs,
    }),
  );
} finally {
  await server.stop();
}
