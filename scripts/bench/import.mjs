#!/usr/bin/env node
// Contacts benchmark: the import of a 100,000-row CSV and XLSX through the real API (upload,
// pg-boss job, batches of 2,000) against a bare COPY of the same rows in the same run; the
// contact search over 500,000 contacts; the contacts page with 100,000 contacts in Chromium.
// Not a test: run it by hand (through /work/brief/heavy on a shared machine) and record the
// result in docs/benchmarks.md.
//
//   node scripts/bench/import.mjs [--db postgres,pglite] [--rows 100000] [--search-contacts 500000]
//     [--searches 200] [--only import,page,search] [--port 3560] [--pg-db accueil_bench_import]
//
// Per database: a fresh server with the demo data (lib/accueil-server.mjs); the CSV is uploaded,
// then the XLSX (other phone numbers), each timed from the upload to the import's `done`, the
// server's peak resident memory read from /proc (VmHWM, reset before each import; PGlite runs
// inside the server, a PostgreSQL backend does not and is not counted). The baseline copies the
// same rows, already normalised (E.164, ISO dates), into a table like `contacts` (its generated
// columns and indexes included) with one COPY. The page: Debian's Chromium signs in, opens
// /contacts, chooses All and scrolls it (wheel steps, then jumps to its middle and its end); a
// PerformanceObserver counts long tasks.
// The search: the demo clinic is filled to --search-contacts contacts straight in the database,
// then --searches requests of GET /api/contacts?search= (names, e-mails, phones) one at a time.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { chromium } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import { startAccueil } from './lib/accueil-server.mjs';
import { dropDatabase, psql, resetDatabase } from './lib/postgres.mjs';
import { pct, r1 } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    rows: { type: 'string', default: '100000' },
    'search-contacts': { type: 'string', default: '500000' },
    searches: { type: 'string', default: '200' },
    only: { type: 'string', default: 'import,page,search' },
    port: { type: 'string', default: '3560' },
    'pg-db': { type: 'string', default: 'accueil_bench_import' },
  },
});
const ROWS = Number(args.rows);
const port = Number(args.port);
const only = new Set(args.only.split(','));
const work = mkdtempSync(join(tmpdir(), 'accueil-bench-import-'));
const log = (...m) => console.error(`[import] ${m.join(' ')}`);
const results = {};

/** Row `i` of file `area` (514 for the CSV, 438 for the XLSX): as people type it, and normalised. */
function row(i, area) {
  const exchange = 200 + Math.floor(i / 10_000);
  const line = String(i % 10_000).padStart(4, '0');
  const first = `Prénom${i}`;
  const last = `Nom${i % 997}`;
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  const year = 1940 + (i % 70);
  const typed = [first, last, `(${area}) ${exchange}-${line}`, `p${i}.${area}@exemple.ca`, `${day}/${month}/${year}`, `${i} rue Principale`, 'Montréal', 'H2X 1K4', i % 2 ? 'fr' : 'en', i % 3 ? 'F' : 'M', 'Importé'];
  const stored = [first, last, `+1${area}${exchange}${line}`, `p${i}.${area}@exemple.ca`, `${year}-${month}-${day}`, `${i} rue Principale`, 'Montréal', 'H2X 1K4', i % 2 ? 'fr' : 'en', i % 3 ? 'female' : 'male', 'Importé'];
  return { typed, stored };
}

const csvCell = (v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csvLines = (rows) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** Writes the two import files (the CSV's numbers in 514, the XLSX's in 438). */
function writeImportFiles() {
  const files = { csv: join(work, 'contacts.csv'), xlsx: join(work, 'contacts.xlsx') };
  writeFileSync(files.csv, csvLines(Array.from({ length: ROWS }, (_, i) => row(i, 514).typed)));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(Array.from({ length: ROWS }, (_, i) => row(i, 438).typed)), 'Contacts');
  writeFileSync(files.xlsx, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }));
  return files;
}

/** Writes the CSV's rows as the import stores them (organisation id first), for the COPY baseline. */
function writeCopyFile(organizationId) {
  const file = join(work, 'copy.csv');
  writeFileSync(file, csvLines(Array.from({ length: ROWS }, (_, i) => [organizationId, ...row(i, 514).stored])));
  return file;
}

const COPY_COLUMNS = 'organization_id, first_name, last_name, phone, email, birthday, address, city, postal_code, language, gender, note';

/** Peak resident memory of `pid` since the last reset (VmHWM, MB), and the reset. */
const peakRssMb = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function signIn(base) {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'Demo-Accueil-2026' }) });
  const body = await res.json();
  return { authorization: `Bearer ${body.jwt}` };
}

/** Uploads `file` and waits for its import to end: seconds, rows per second, peak memory. */
async function importFile(server, file, name) {
  // A fresh token: the access token lives minutes, a run of both imports and the page longer.
  const headers = await signIn(server.base);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)]), name);
  resetPeak(server.pid);
  const before = rssMb(server.pid);
  const t0 = performance.now();
  const res = await fetch(`${server.base}/api/contacts/import`, { method: 'POST', headers, body: form });
  if (res.status !== 202) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  let state;
  for (;;) {
    state = await (await fetch(`${server.base}/api/contacts/imports/${id}`, { headers })).json();
    if (state.status === 'done' || state.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  if (state.status !== 'done' || state.importedCount !== ROWS) throw new Error(`${name}: ${JSON.stringify(state)}`);
  return { seconds: Math.round(seconds * 100) / 100, rowsPerSecond: Math.round(ROWS / seconds), rssBeforeMb: Math.round(before), peakRssMb: Math.round(peakRssMb(server.pid)) };
}

/** The demo clinic's id. */
const DEMO_ORG = `SELECT id FROM organizations ORDER BY created_at LIMIT 1`;

/** A statement runner on the run's database: psql for PostgreSQL, a PGlite instance on the data folder (server stopped). */
async function openDb(db, dataDir) {
  if (db === 'postgres') return { query: async (sql) => psql(args['pg-db'], sql), close: async () => {} };
  const pglite = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm, unaccent, btree_gist } });
  return {
    query: async (sql, blob) => {
      const r = await pglite.query(sql, [], blob ? { blob } : undefined);
      return r.rows.map((x) => Object.values(x).join('|')).join('\n');
    },
    close: () => pglite.close(),
  };
}

/** One COPY of the normalised rows into a fresh table like `contacts`: seconds and rows per second. */
async function bareCopy(db, conn, file) {
  await conn.query('DROP TABLE IF EXISTS bench_copy');
  await conn.query('CREATE TABLE bench_copy (LIKE contacts INCLUDING ALL)');
  const t0 = performance.now();
  if (db === 'postgres') {
    execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', args['pg-db'], '-qc', `\\copy bench_copy (${COPY_COLUMNS}) FROM '${file}' WITH (FORMAT csv)`]);
  } else {
    await conn.query(`COPY bench_copy (${COPY_COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, new Blob([readFileSync(file)]));
  }
  const seconds = (performance.now() - t0) / 1000;
  const n = Number(await conn.query('SELECT count(*) FROM bench_copy'));
  await conn.query('DROP TABLE bench_copy');
  if (n !== ROWS) throw new Error(`COPY wrote ${n} rows`);
  return { seconds: Math.round(seconds * 100) / 100, rowsPerSecond: Math.round(ROWS / seconds) };
}

/** Fills the demo clinic up to `total` contacts (generated names, e-mails and phones). */
async function fillContacts(conn, total) {
  const org = (await conn.query(DEMO_ORG)).trim();
  const have = Number(await conn.query(`SELECT count(*) FROM contacts WHERE organization_id = '${org}'`));
  const step = 50_000;
  for (let from = have; from < total; from += step) {
    const to = Math.min(total, from + step) - 1;
    await conn.query(`INSERT INTO contacts (organization_id, first_name, last_name, phone, email, gender)
      SELECT '${org}', 'Filler' || g, 'Famille' || (g % 4999), '+1450' || lpad((2000000 + g)::text, 7, '0'), 'f' || g || '@exemple.org', 'male'
      FROM generate_series(${from}, ${to}) g`);
  }
  // VACUUM as autovacuum would soon after such a load: it also empties the trigram indexes'
  // pending lists (GIN fastupdate), which every search reads through until then.
  await conn.query('VACUUM ANALYZE contacts');
  return Number(await conn.query(`SELECT count(*) FROM contacts WHERE organization_id = '${org}'`));
}

/** `count` searches one at a time (names, e-mails, phones; accents off): latency percentiles in ms. */
async function searchLatencies(base, headers, count) {
  const terms = (i) => [`famille${(i * 37) % 4999}`, `filler${(i * 7919) % 400000}`, `f${(i * 104729) % 400000}@exem`, `450 2${String((i * 4111) % 1000000).padStart(6, '0').slice(0, 3)}`, `prénom${(i * 13) % 100000}`, `Nom${i % 997}`][i % 6];
  for (let i = 0; i < 20; i++) await fetch(`${base}/api/contacts?search=${encodeURIComponent(terms(i + 1000))}`, { headers }).then((r) => r.text());
  const ms = [];
  const kinds = ['family', 'filler', 'email', 'phone', 'first name', 'last name'];
  const byKind = Object.fromEntries(kinds.map((k) => [k, []]));
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/contacts?search=${encodeURIComponent(terms(i))}`, { headers });
    await res.text();
    if (res.status !== 200) throw new Error(`search ${terms(i)}: ${res.status}`);
    ms.push(performance.now() - t0);
    byKind[kinds[i % 6]].push(ms.at(-1));
  }
  const p95ByKind = Object.fromEntries(kinds.map((k) => [k, r1(pct(byKind[k], 95))]));
  return { requests: count, p50Ms: r1(pct(ms, 50)), p95Ms: r1(pct(ms, 95)), p99Ms: r1(pct(ms, 99)), maxMs: r1(Math.max(...ms)), p95ByKind };
}

/** The contacts page in Chromium: first rows drawn, then All scrolled to the end; long tasks over 50 ms. */
async function pageRun(base) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'fr-CA' });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ at: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${base}/login`);
    await page.getByLabel("Nom d'utilisateur").fill('admin');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Demo-Accueil-2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/conversations$/);
    await page.evaluate(() => (window.__longTasks.length = 0));
    const t0 = Date.now();
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('row').nth(1).waitFor();
    const firstRowsMs = Date.now() - t0;
    await page.waitForTimeout(500);
    const renderTasks = await page.evaluate(() => window.__longTasks.splice(0));
    await page.getByRole('combobox', { name: 'Par page' }).click();
    await page.getByRole('option', { name: 'Tous' }).click();
    await page.getByRole('row').nth(1).waitFor();
    await page.waitForTimeout(500);
    await page.evaluate(() => (window.__longTasks.length = 0));
    const scroller = page.locator('table').locator('xpath=..');
    const total = await scroller.evaluate((el) => el.scrollHeight);
    const box = await scroller.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // A person's scrolling: 300 wheel steps of 400 px (≈ 2,400 rows), then jumps to the middle
    // and the end of the list (pages of 500 read as they come into view), each followed by wheel steps.
    const t1 = Date.now();
    let steps = 0;
    const wheel = async (n) => {
      for (let i = 0; i < n; i++, steps++) {
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(16);
      }
    };
    await wheel(300);
    for (const at of [0.5, 1]) {
      await scroller.evaluate((el, f) => el.scrollTo({ top: el.scrollHeight * f - el.clientHeight }), at);
      await page.waitForTimeout(1500);
      await wheel(at === 1 ? 0 : 50);
    }
    const scrollSeconds = (Date.now() - t1) / 1000;
    const rowsInDom = await page.locator('tbody tr').count();
    const scrollTasks = await page.evaluate(() => window.__longTasks.splice(0));
    const summary = (tasks) => ({ count: tasks.length, over50: tasks.filter((t) => t.ms > 50).length, maxMs: r1(Math.max(0, ...tasks.map((t) => t.ms))) });
    return { firstRowsMs, render: summary(renderTasks), scroll: { ...summary(scrollTasks), steps, seconds: r1(scrollSeconds), scrollHeightPx: total, rowsInDom } };
  } finally {
    await browser.close();
  }
}

for (const db of args.db.split(',')) {
  log(`${db}: files and server`);
  const dataDir = mkdtempSync(join(tmpdir(), `accueil-bench-import-${db}-`));
  if (db === 'postgres') resetDatabase(args['pg-db']);
  const start = () => startAccueil({ port, db, pgDb: args['pg-db'], dataDir, keepData: true, seedDemo: true, probe: false, readyTimeoutS: 600 });
  let server = await start();
  const out = (results[db] = {});
  try {
    const files = writeImportFiles();
    if (only.has('import')) {
      log(`${db}: CSV import`);
      out.csv = await importFile(server, files.csv, 'contacts.csv');
      log(`${db}: CSV ${JSON.stringify(out.csv)}`);
    }
    if (only.has('page')) {
      log(`${db}: contacts page`);
      out.page = await pageRun(server.base);
      log(`${db}: page ${JSON.stringify(out.page)}`);
    }
    if (only.has('import')) {
      log(`${db}: XLSX import`);
      out.xlsx = await importFile(server, files.xlsx, 'contacts.xlsx');
      log(`${db}: XLSX ${JSON.stringify(out.xlsx)}`);
    }
    await server.stop();
    const conn = await openDb(db, dataDir);
    try {
      if (only.has('import')) {
        const orgId = (await conn.query(DEMO_ORG)).trim();
        out.copy = await bareCopy(db, conn, writeCopyFile(orgId));
        out.ratio = { csv: r1(out.copy.rowsPerSecond / out.csv.rowsPerSecond), xlsx: r1(out.copy.rowsPerSecond / out.xlsx.rowsPerSecond) };
        log(`${db}: COPY ${JSON.stringify(out.copy)}`);
      }
      if (only.has('search')) {
        log(`${db}: filling to ${args['search-contacts']} contacts`);
        out.searchContacts = await fillContacts(conn, Number(args['search-contacts']));
      }
    } finally {
      await conn.close();
    }
    if (only.has('search')) {
      server = await start();
      out.search = await searchLatencies(server.base, await signIn(server.base), Number(args.searches));
      log(`${db}: search ${JSON.stringify(out.search)}`);
      await server.stop();
    }
  } finally {
    await server.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    if (db === 'postgres') dropDatabase(args['pg-db']);
  }
}
rmSync(work, { recursive: true, force: true });
console.log(JSON.stringify({ date: new Date().toISOString(), rows: ROWS, results }, null, 2));
