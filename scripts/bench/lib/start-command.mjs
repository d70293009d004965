// What `npm start` runs, read from apps/server/package.json: one reading for the benchmarks, the
// crash test, the server's multi-process tests and the journeys. No other import, so that
// TypeScript code (Vitest, Playwright's configuration) loads it alone (start-command.d.mts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const repo = new URL('../../..', import.meta.url).pathname;

/**
 * What `npm start` runs (`apps/server/package.json`, script `start`: `node <flags> dist/<file>`):
 * `{ flags, entry }`, the entry from the repository's root. A benchmark of the built server runs
 * the same command, so that it measures the process production runs (its young generation's
 * size, source maps for the app's files only: docs/benchmarks.md, attachments).
 */
export function startCommand() {
  const { scripts } = JSON.parse(readFileSync(join(repo, 'apps/server/package.json'), 'utf8'));
  const match = /^node\s+(.*?)\s*(dist\/[\w.-]+\.js)$/.exec(scripts.start);
  if (!match)
    throw new Error(`apps/server's start script is not "node <flags> dist/<file>.js": ${scripts.start}`);
  return { flags: match[1].split(/\s+/).filter(Boolean), entry: `apps/server/${match[2]}` };
}
