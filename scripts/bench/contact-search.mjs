#!/usr/bin/env node
// Contact search benchmark: GET /api/contacts?search= over an address book of --contacts
// contacts (500,000 by default; lib/contacts-dataset.mjs: Québec family names at their rough
// frequencies, accented first names, e-mails, phones), one request at a time, through the real
// server (row-level security, the app's role), against a bare indexed lookup in the same run
// (GET /api/contacts/:id, the same HTTP path, auth and presenter, one row by primary key).
// Not a test: run it by hand and record the result in docs/benchmarks.md.
//
//   node scripts/bench/contact-search.mjs [--db postgres|pglite] [--contacts 500000] [--rounds 5]
//     [--port 3570] [--pg-db accueil_bench_search] [--data-dir DIR] [--keep] [--server-dir DIR]
//
// The data set is built once (a fresh server with the demo data, then the contacts written by
// SQL and `VACUUM ANALYZE`, as autovacuum would after a bulk load) and kept with --keep
// (PostgreSQL database --pg-db, PGlite folder --data-dir): a later run with --keep reuses it.
// --server-dir measures another checkout on the same data (`git archive <commit> | tar -x -C DIR`,
// node_modules linked): the before/after of a change in one session.
// Each round asks every term of `TERMS` once (and the second page of the common ones, by the
// first page's cursor), the list without a search, and the baseline; the first round warms up
// and is not counted. Prints one JSON object: p50/p95/p99 overall and per kind, the baseline.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { startAccueil, repo } from './lib/accueil-server.mjs';
import { insertContactsSql } from './lib/contacts-dataset.mjs';
import { psql, resetDatabase } from './lib/postgres.mjs';
import { pct, r1 } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    contacts: { type: 'string', default: '500000' },
    rounds: { type: 'string', default: '5' },
    port: { type: 'string', default: '3570' },
    'pg-db': { type: 'string', default: 'accueil_bench_search' },
    'data-dir': { type: 'string', default: join(tmpdir(), 'accueil-bench-search-pglite') },
    keep: { type: 'boolean', default: false },
    'server-dir': { type: 'string', default: repo },
  },
});
const CONTACTS = Number(args.contacts);
const log = (...m) => console.error(`[contact-search] ${m.join(' ')}`);

/** What a receptionist types, by kind (accents left out on purpose: 'cote' finds 'Côté'). */
const TERMS = {
  'family name, common': ['tremblay', 'gagnon', 'roy', 'cote', 'bouchard', 'lavoie', 'pelletier', 'hebert'],
  'family name, rare': ['lanquegi', 'treberber', 'lorido', 'bertilan', 'chanonbou'],
  'first name': ['marie', 'helene', 'francois', 'genevieve', 'jerome', 'maxime'],
  'first and family name': ['marie tremblay', 'jean roy', 'helene cote', 'luc simard'],
  '3 letters': ['tre', 'gag', 'mar', 'lav', 'ber', 'zoe'],
  phone: ['514 73', '(438) 552-8', '819-4', '450 578 3022', '5143944683', '418 720'],
  'e-mail': ['gmail', 'videotron', 'stephane.guay', 'nathalie.simard77', '@bell.net'],
  'no match': ['zzyx', 'qwqw', 'xavierz'],
};
/** Terms whose second page is asked too (the first page's `nextCursor`). */
const NEXT_PAGE_OF = ['tremblay', 'marie', 'gmail', 'tre', '514 73'];

const DEMO_ORG = 'SELECT id FROM organizations ORDER BY created_at LIMIT 1';

/** A statement runner on the data set (server stopped for PGlite). */
async function openDb(dataDir) {
  if (args.db === 'postgres')
    return { query: async (sql) => psql(args['pg-db'], sql), close: async () => {} };
  const pglite = await PGlite.create(join(dataDir, 'pglite'), {
    extensions: { pg_trgm, unaccent, btree_gist },
  });
  return {
    query: async (sql) => (await pglite.query(sql)).rows.map((x) => Object.values(x).join('|')).join('\n'),
    close: () => pglite.close(),
  };
}

/** Whether the kept data set already holds `CONTACTS` contacts (and more than the demo's). */
async function dataSetReady(dataDir) {
  if (args.db === 'postgres') {
    const exists = psql('postgres', `SELECT 1 FROM pg_database WHERE datname = '${args['pg-db']}'`);
    if (!exists) return false;
    return Number(psql(args['pg-db'], `SELECT count(*) FROM contacts`)) >= CONTACTS;
  }
  return existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}

/** Builds the data set: the server's migrations and demo data, then the contacts by SQL. */
async function buildDataSet(dataDir) {
  log(`${args.db}: building ${CONTACTS} contacts`);
  if (args.db === 'postgres') resetDatabase(args['pg-db']);
  mkdirSync(dataDir, { recursive: true });
  const server = await startAccueil({
    port: Number(args.port),
    db: args.db,
    pgDb: args['pg-db'],
    dataDir,
    keepData: true,
    seedDemo: true,
    probe: false,
    readyTimeoutS: 600,
  });
  await server.stop();
  const conn = await openDb(dataDir);
  try {
    const org = (await conn.query(DEMO_ORG)).trim();
    for (let from = 0; from < CONTACTS; from += 50_000) {
      await conn.query(insertContactsSql(org, from, Math.min(CONTACTS, from + 50_000) - 1));
      log(`${Math.min(CONTACTS, from + 50_000)} contacts`);
    }
    await conn.query('VACUUM ANALYZE contacts');
  } finally {
    await conn.close();
  }
}

async function signIn(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Demo-Accueil-2026' }),
  });
  return { authorization: `Bearer ${(await res.json()).jwt}` };
}

/** One GET, timed (ms) from the request to the whole body; its JSON. */
async function timed(url, headers) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body}`);
  return { ms, json: JSON.parse(body) };
}

const dataDir = args['data-dir'];
if (!(args.keep && (await dataSetReady(dataDir)))) await buildDataSet(dataDir);
const server = await startAccueil({
  port: Number(args.port),
  db: args.db,
  pgDb: args['pg-db'],
  dataDir,
  keepData: true,
  probe: false,
  serverDir: args['server-dir'],
  readyTimeoutS: 600,
});
try {
  const base = server.base;
  const headers = await signIn(base);
  const someone = (await timed(`${base}/api/contacts?search=tremblay&limit=1`, headers)).json.items[0];
  const samples = { baseline: [], 'list, no search': [], 'next page': [] };
  const counts = {};
  const perTerm = {};
  for (const kind of Object.keys(TERMS)) samples[kind] = [];
  const all = [];
  for (let round = 0; round < Number(args.rounds) + 1; round++) {
    const keep = round > 0;
    for (const [kind, terms] of Object.entries(TERMS)) {
      for (const term of terms) {
        const { ms, json } = await timed(`${base}/api/contacts?search=${encodeURIComponent(term)}`, headers);
        counts[term] = json.totalCapped ? `${json.total}+` : json.total;
        if (keep) (samples[kind].push(ms), all.push(ms), (perTerm[term] ??= []).push(ms));
        if (NEXT_PAGE_OF.includes(term) && json.nextCursor) {
          const next = await timed(
            `${base}/api/contacts?search=${encodeURIComponent(term)}&cursor=${json.nextCursor}`,
            headers,
          );
          if (keep) (samples['next page'].push(next.ms), all.push(next.ms));
        }
      }
      const b = await timed(`${base}/api/contacts/${someone.id}`, headers);
      if (keep) samples.baseline.push(b.ms);
    }
    const l = await timed(`${base}/api/contacts`, headers);
    if (keep) samples['list, no search'].push(l.ms);
  }
  const stats = (xs) => ({
    n: xs.length,
    p50: r1(pct(xs, 50)),
    p95: r1(pct(xs, 95)),
    p99: r1(pct(xs, 99)),
    max: r1(Math.max(...xs)),
  });
  const searches = stats(all);
  const baseline = stats(samples.baseline);
  const byKind = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, stats(xs)]));
  const load = (await import('node:os')).loadavg().map(r1);
  const slowest = Object.entries(perTerm)
    .map(([term, xs]) => [term, r1(pct(xs, 50))])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8);
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        db: args.db,
        contacts: CONTACTS,
        serverDir: args['server-dir'],
        loadAverage: load,
        searches,
        baseline,
        ratioP50: r1(searches.p50 / baseline.p50),
        byKind,
        slowestMedians: Object.fromEntries(slowest),
        matches: counts,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
