// Bundles the server into dist/main.js for `npm start`: plain Node starts it without a
// TypeScript loader (about a second less per start, which a crash-restart needs). Our own
// workspace code (the server and @accueil/domain) is bundled; every npm package stays external
// and is loaded from node_modules as usual. The committed SQL migrations are copied beside it.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

rmSync(here('./dist'), { recursive: true, force: true });
await build({
  entryPoints: [here('./src/main.ts')],
  outfile: here('./dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@accueil/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
cpSync(here('./src/db/migrations'), here('./dist/migrations'), { recursive: true });
