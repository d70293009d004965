#!/usr/bin/env node
// Library search benchmark: GET /api/posts/search?q= over --posts posts (20,000 by default),
// each with a version in the three locales (fr-CA, en-CA, fr-FR) and three slides, written through
// the API by marketing (the demo devops), one request at a time, through the real server
// (the library's system access, the visibility rule, the presenter), against a bare lookup in
// the same run (GET /api/posts/:id: the same HTTP path, auth and presenter, one post by primary
// key with its sections). The target: search p95 < 30 ms.
// Not a test: run it by hand on a quiet machine and record the result in docs/benchmarks.md.
//
//   node scripts/bench/library-search.mjs [--db pglite|postgres] [--posts 20000] [--rounds 5]
//     [--port 3580] [--pg-db accueil_bench_library] [--through-api 128]
//
// On PostgreSQL, only the first --through-api posts (a multiple of 64: every pair of words
// below in the same proportion) are written through the API (≈ 4 posts/s here: 20,000 would
// take hours); the others are copies of them made by SQL (`clonePosts`): the same rows, search
// vectors and sections the API wrote, under new ids and aliases, then ANALYZE. On PGlite (in the
// server's process) every post goes through the API.
//
// Each round asks every term of `TERMS` once in each locale and looks up as many posts by id;
// the first round warms up and is not counted. A search answering 400
// `search-too-many-results` (over 100 matches) counts as answered: it is the spec's answer.
// Prints one JSON object: p50/p95/p99 of the searches and of the lookups, and their counts.
import { parseArgs } from 'node:util';
import { startAccueil } from './lib/accueil-server.mjs';
import { psql } from './lib/postgres.mjs';
import { pct, r1 } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    posts: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '5' },
    port: { type: 'string', default: '3580' },
    'pg-db': { type: 'string', default: 'accueil_bench_library' },
    'through-api': { type: 'string', default: '128' },
  },
});
const POSTS = Number(args.posts);
const LOCALES = ['fr-CA', 'en-CA', 'fr-FR'];
const log = (...m) => console.error(`[library-search] ${m.join(' ')}`);

/** Words the posts are written from: a care word per post, and rarer ones that narrow a search. */
const CARE = [
  'extraction',
  'implant',
  'blanchiment',
  'orthodontie',
  'vaccination',
  'entorse',
  'lentilles',
  'stérilisation',
];
const RARE = [
  'gencive',
  'cicatrisation',
  'compresse',
  'anesthésie',
  'fièvre',
  'collerette',
  'pupille',
  'bassin',
];
/** What staff type: a care word with a rare one, accents left out on purpose, a prefix, one that matches nothing. */
const TERMS = [
  'extraction gencive',
  'implant cicatrisation',
  'anesthesie',
  'fievre vaccination',
  'collere',
  'zzyxw',
];

/**
 * Copies the posts `bench_0` … `bench_{written - 1}` (written through the API) into
 * `bench_{written}` … `bench_{total - 1}`: post `bench_i` copies `bench_{i mod written}`, its
 * versions (title suffixed with `#i`, the same search vector) and sections, in one transaction;
 * then ANALYZE. Returns the ids of every bench post, in alias order.
 */
function clonePosts(pgDb, written, total) {
  psql(
    pgDb,
    `BEGIN;
     CREATE TEMP TABLE clone_map AS
       SELECT g AS i, gen_random_uuid() AS new_id,
              (SELECT id FROM posts WHERE alias = 'bench_' || (g % ${written})) AS src_id
       FROM generate_series(${written}, ${total - 1}) g;
     INSERT INTO posts (id, organization_id, type, alias, image, automation, draft, services, catalogue_sector,
                        author_user_id, updated_by_user_id, version)
       SELECT m.new_id, p.organization_id, p.type, 'bench_' || m.i, p.image, p.automation, p.draft, p.services,
              p.catalogue_sector, p.author_user_id, p.updated_by_user_id, p.version
       FROM clone_map m JOIN posts p ON p.id = m.src_id;
     INSERT INTO post_versions (post_id, organization_id, locale, title, short, search_vector)
       SELECT m.new_id, v.organization_id, v.locale, v.title || ' #' || m.i, v.short, v.search_vector
       FROM clone_map m JOIN post_versions v ON v.post_id = m.src_id;
     INSERT INTO post_sections (post_id, organization_id, locale, section_id, title, label, parent, position,
                                sibling_index, checkbox, private_note, sub_sections)
       SELECT m.new_id, s.organization_id, s.locale, s.section_id, s.title, s.label, s.parent, s.position,
              s.sibling_index, s.checkbox, s.private_note, s.sub_sections
       FROM clone_map m JOIN post_sections s ON s.post_id = m.src_id;
     COMMIT;
     ANALYZE posts; ANALYZE post_versions; ANALYZE post_sections;`,
  );
  return psql(pgDb, `SELECT id FROM posts WHERE alias LIKE 'bench\\_%' ORDER BY substr(alias, 7)::int`).split(
    '\n',
  );
}

async function call(base, method, path, token, body) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  return { status: res.status, json, ms: performance.now() - started };
}

/** A post's version in one locale: a title, a summary and one step of three slides. */
function version(i, locale) {
  const care = CARE[i % CARE.length];
  const rare = RARE[Math.floor(i / CARE.length) % RARE.length];
  const tag = `${locale === 'en-CA' ? 'Care' : 'Soins'} ${care} ${i}`;
  return {
    locale,
    title: tag,
    short: `${rare} ${care}`,
    sections: [
      { id: 'step1', title: tag },
      ...['a', 'b', 'c'].map((s) => ({
        id: `slide_${s}`,
        parent: 'step1',
        label: `${s} ${rare}`,
        subSections: [{ body: `<p>${care} ${rare} ${i} ${s}</p>` }],
      })),
    ],
  };
}

const server = await startAccueil({
  port: Number(args.port),
  db: args.db,
  pgDb: args['pg-db'],
  seedDemo: true,
  probe: false,
});
try {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'devops', password: 'Demo-Accueil-2026' }),
  });
  const { jwt: token, organization } = await login.json();
  const throughApi = args.db === 'postgres' ? Math.min(POSTS, Number(args['through-api'])) : POSTS;
  log(`writing ${throughApi} posts × ${LOCALES.length} locales through the API`);
  let ids = [];
  for (let i = 0; i < throughApi; i++) {
    const [first, ...others] = LOCALES.map((l) => version(i, l));
    const made = await call(server.base, 'POST', '/api/posts', token, {
      type: 'protocol',
      alias: `bench_${i}`,
      draft: false,
      ...first,
    });
    if (made.status !== 201) throw new Error(`POST /api/posts: ${made.status} ${JSON.stringify(made.json)}`);
    let current = made.json.version;
    for (const v of others) {
      const saved = await call(server.base, 'PUT', `/api/posts/${made.json.id}`, token, {
        version: current,
        ...v,
      });
      if (saved.status !== 200) throw new Error(`PUT /api/posts: ${saved.status}`);
      current = saved.json.version;
    }
    ids.push(made.json.id);
    if ((i + 1) % 1000 === 0) log(`${i + 1} written`);
  }
  if (throughApi < POSTS) {
    log(`copying them by SQL up to ${POSTS} posts`);
    ids = clonePosts(args['pg-db'], throughApi, POSTS);
    if (ids.length !== POSTS) throw new Error(`${ids.length} bench posts after the copy, not ${POSTS}`);
  }
  const search = [];
  const lookup = [];
  const statuses = {};
  for (let round = 0; round <= Number(args.rounds); round++) {
    for (const locale of LOCALES) {
      for (const q of TERMS) {
        const query = `clinic=${organization.id}&type=protocol&locale=${locale}&q=${encodeURIComponent(q)}`;
        const s = await call(server.base, 'GET', `/api/posts/search?${query}`, token);
        statuses[s.status] = (statuses[s.status] ?? 0) + 1;
        if (s.status !== 200 && s.status !== 400)
          throw new Error(`search: ${s.status} ${JSON.stringify(s.json)}`);
        const id = ids[Math.floor(Math.random() * ids.length)];
        const l = await call(server.base, 'GET', `/api/posts/${id}?locale=${locale}`, token);
        if (l.status !== 200) throw new Error(`lookup: ${l.status}`);
        if (round > 0) {
          search.push(s.ms);
          lookup.push(l.ms);
        }
      }
    }
  }
  const summary = (xs) => ({
    n: xs.length,
    p50: r1(pct(xs, 50)),
    p95: r1(pct(xs, 95)),
    p99: r1(pct(xs, 99)),
  });
  console.log(
    JSON.stringify(
      {
        db: args.db,
        posts: POSTS,
        throughApi,
        locales: LOCALES.length,
        search: summary(search),
        lookupById: summary(lookup),
        statuses,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
