// Bundles the server into dist/main.js for `npm start`: plain Node starts it without a
// TypeScript loader (about a second less per start, which a crash-restart needs). Our own
// workspace code (the server and @accueil/domain) and the packages of BUNDLED are bundled; every
// other npm package stays external and is loaded from node_modules as usual. The committed SQL
// migrations are copied beside it. The source map names the files without their text (the map
// is read at each start: ~0.03 s less). `npm start` runs dist/start.js (START below), which
// turns source maps on for the app's own files and then loads main.js.
import { build } from 'esbuild';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Bundled too: pure-ESM packages of many small files. Loading them file by file costs a restart
// ~0.3 s on this machine (drizzle-orm/pg-core alone 0.24 s: for each of its files Node parses the
// 180 kB `exports` of its package.json again), more on slower ones; the crash test (docs/benchmarks.md) wants
// a restarted server serving within 3 s. zod goes with every package that imports it, so that
// there is one copy of it. CommonJS packages and those that read files beside their code
// (PGlite's WASM, swagger-ui's assets, argon2's binary) stay external.
const BUNDLED = ['@accueil', 'drizzle-orm', 'zod', 'fastify-type-provider-zod', 'libphonenumber-js', 'jose'];
const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Packages the server loads with their first use, never at start (each holds megabytes of heap
 * that every full garbage collection marks: docs/behaviour/attachments.md, «Memory»). The build
 * fails if main.js or a chunk it imports statically imports one of them.
 */
const LOADED_WHEN_USED = [
  'twilio',
  'sanitize-html',
  '@e965/xlsx',
  'csv-parse',
  'chardet',
  'yauzl',
  'nodemailer',
  'web-push',
  'react',
  '@react-email',
];

rmSync(here('./dist'), { recursive: true, force: true });
const { metafile } = await build({
  metafile: true,
  entryPoints: [here('./src/main.ts')],
  outdir: here('./dist'),
  // A module imported with `await import()` (the mails' rendering) becomes a chunk of its own,
  // and the packages it imports load with it, when first needed, not at every start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          BUNDLED.some((p) => args.path === p || args.path.startsWith(`${p}/`))
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(here('./src/db/migrations'), here('./dist/migrations'), { recursive: true });

/** The packages `output` loads at start: its static imports, and theirs through the chunks. */
function packagesLoadedAtStart(output) {
  const seen = new Set();
  const packages = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(output);
  return [...packages];
}
const atStart = packagesLoadedAtStart(Object.keys(metafile.outputs).find((f) => f.endsWith('dist/main.js')));
const tooEarly = atStart.filter((p) =>
  LOADED_WHEN_USED.some((lazy) => p === lazy || p.startsWith(`${lazy}/`)),
);
if (tooEarly.length > 0) {
  throw new Error(
    `build.mjs: loaded at every start, meant to load with their first use: ${tooEarly.join(', ')}`,
  );
}

// The entry `npm start` runs. Stack traces name the TypeScript sources, but only for the app's
// files: `node --enable-source-maps` also reads the maps of every package in node_modules that
// ships one, which kept 38 MB more in the heap (62 → 100 MB at idle, 2026-11-30), and every full
// garbage collection marks it (docs/benchmarks.md, attachments). `setSourceMapsSupport` leaves
// node_modules out by default; it must run before main.js is loaded, hence this file.
const START = `// Written by build.mjs: source maps for the app's files only, then the server.
import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true);
await import('./main.js');
`;
writeFileSync(here('./dist/start.js'), START);
