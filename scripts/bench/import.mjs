#!/usr/bin/env node
// Contacts benchmark: the import of a 100,000-row CSV and XLSX through the real API (upload,
// pg-boss job, batches of 2,000) against a bare COPY of the same rows in the same run; the
// contact search over 500,000 contacts; the contacts page with 100,000 contacts in Chromium.
// Not a test: run it by hand (under `nice` on a shared machine) and record the
// result in docs/benchmarks.md.
//
//   node scripts/bench/import.mjs [--db postgres,pglite] [--rows 100000] [--search-contacts 500000]
//     [--searches 200] [--only import,page,search] [--port 3560] [--pg-db accueil_bench_import]
//     [--server-dir DIR]
//
// --server-dir measures another checkout (`git archive <commit> | tar -x -C DIR`, node_modules
// linked): the code before a change, alternated with it in one session. The load average at
// each import's end is printed with it (the machine is shared: compare within a run).
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
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import * as XLSX from '@e965/xlsx';
import { startAccueil } from './lib/accueil-server.mjs';
import { dropDatabase, psql, resetDatabase } from './lib/postgres.mjs';
import { r1 } from './lib/stats.mjs';
import { contactsPageRun, fillContacts, searchLatencies } from './lib/contacts-bench.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres,pglite' },
    rows: { type: 'string', default: '100000' },
    'search-contacts': { type: 'string', default: '500000' },
    searches: { type: 'string', default: '200' },
    only: { type: 'string', default: 'import,page,search' },
    port: { type: 'string', default: '3560' },
    'pg-db': { type: 'string', default: 'accueil_bench_import' },
    'server-dir': { type: 'string' },
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
  const typed = [
    first,
    last,
    `(${area}) ${exchange}-${line}`,
    `p${i}.${area}@exemple.ca`,
    `${day}/${month}/${year}`,
    `${i} rue Principale`,
    'Montréal',
    'H2X 1K4',
    i % 2 ? 'fr' : 'en',
    i % 3 ? 'F' : 'M',
    'Importé',
  ];
  const stored = [
    first,
    last,
    `+1${area}${exchange}${line}`,
    `p${i}.${area}@exemple.ca`,
    `${year}-${month}-${day}`,
    `${i} rue Principale`,
    'Montréal',
    'H2X 1K4',
    i % 2 ? 'fr' : 'en',
    i % 3 ? 'female' : 'male',
    'Importé',
  ];
  return { typed, stored };
}

const csvCell = (v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csvLines = (rows) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** Writes the two import files (the CSV's numbers in 514, the XLSX's in 438). */
function writeImportFiles() {
  const files = { csv: join(work, 'contacts.csv'), xlsx: join(work, 'contacts.xlsx') };
  writeFileSync(files.csv, csvLines(Array.from({ length: ROWS }, (_, i) => row(i, 514).typed)));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet(Array.from({ length: ROWS }, (_, i) => row(i, 438).typed)),
    'Contacts',
  );
  writeFileSync(files.xlsx, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }));
  return files;
}

/** Writes the CSV's rows as the import stores them (organisation id first), for the COPY baseline. */
function writeCopyFile(organizationId) {
  const file = join(work, 'copy.csv');
  writeFileSync(
    file,
    csvLines(Array.from({ length: ROWS }, (_, i) => [organizationId, ...row(i, 514).stored])),
  );
  return file;
}

const COPY_COLUMNS =
  'organization_id, first_name, last_name, phone, email, birthday, address, city, postal_code, language, gender, note';

/** Peak resident memory of `pid` since the last reset (VmHWM, MB), and the reset. */
const peakRssMb = (pid) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function signIn(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Demo-Accueil-2026' }),
  });
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
  if (state.status !== 'done' || state.importedCount !== ROWS)
    throw new Error(`${name}: ${JSON.stringify(state)}`);
  return {
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(ROWS / seconds),
    loadAverage: r1(loadavg()[0]),
    rssBeforeMb: Math.round(before),
    peakRssMb: Math.round(peakRssMb(server.pid)),
  };
}

/** The demo clinic's id. */
const DEMO_ORG = `SELECT id FROM organizations ORDER BY created_at LIMIT 1`;

/** A statement runner on the run's database: psql for PostgreSQL, a PGlite instance on the data folder (server stopped). */
async function openDb(db, dataDir) {
  if (db === 'postgres') return { query: async (sql) => psql(args['pg-db'], sql), close: async () => {} };
  const pglite = await PGlite.create(join(dataDir, 'pglite'), {
    extensions: { pg_trgm, unaccent, btree_gist },
  });
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
    execFileSync('psql', [
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-d',
      args['pg-db'],
      '-qc',
      `\\copy bench_copy (${COPY_COLUMNS}) FROM '${file}' WITH (FORMAT csv)`,
    ]);
  } else {
    await conn.query(
      `COPY bench_copy (${COPY_COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`,
      new Blob([readFileSync(file)]),
    );
  }
  const seconds = (performance.now() - t0) / 1000;
  const n = Number(await conn.query('SELECT count(*) FROM bench_copy'));
  await conn.query('DROP TABLE bench_copy');
  if (n !== ROWS) throw new Error(`COPY wrote ${n} rows`);
  return { seconds: Math.round(seconds * 100) / 100, rowsPerSecond: Math.round(ROWS / seconds) };
}

for (const db of args.db.split(',')) {
  log(`${db}: files and server`);
  const dataDir = mkdtempSync(join(tmpdir(), `accueil-bench-import-${db}-`));
  if (db === 'postgres') resetDatabase(args['pg-db']);
  const start = () =>
    startAccueil({
      port,
      db,
      pgDb: args['pg-db'],
      dataDir,
      keepData: true,
      seedDemo: true,
      probe: false,
      readyTimeoutS: 600,
      ...(args['server-dir'] ? { serverDir: args['server-dir'] } : {}),
    });
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
      out.page = await contactsPageRun(server.base);
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
        out.ratio = {
          csv: r1(out.copy.rowsPerSecond / out.csv.rowsPerSecond),
          xlsx: r1(out.copy.rowsPerSecond / out.xlsx.rowsPerSecond),
        };
        log(`${db}: COPY ${JSON.stringify(out.copy)}`);
      }
      if (only.has('search')) {
        log(`${db}: filling to ${args['search-contacts']} contacts`);
        out.searchContacts = await fillContacts(conn, DEMO_ORG, Number(args['search-contacts']));
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
console.log(
  JSON.stringify(
    { date: new Date().toISOString(), rows: ROWS, serverDir: args['server-dir'] ?? 'this checkout', results },
    null,
    2,
  ),
);
