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
//     [--port 3580] [--pg-db accueil_bench_library]
//
// Each round asks every term of `TERMS` once in each locale and looks up as many posts by id;
// the first round warms up and is not counted. A search answering 400
// `search-too-many-results` (over 100 matches) counts as answered: it is the spec's answer.
// Prints one JSON object: p50/p95/p99 of the searches and of the lookups, and their counts.
import { parseArgs } from 'node:util';
import { startAccueil } from './lib/accueil-server.mjs';
import { pct, r1 } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    posts: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '5' },
    port: { type: 'string', default: '3580' },
    'pg-db': { type: 'string', default: 'accueil_bench_library' },
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
  log(`writing ${POSTS} posts × ${LOCALES.length} locales`);
  const ids = [];
  for (let i = 0; i < POSTS; i++) {
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
