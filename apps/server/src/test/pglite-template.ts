import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory (a tarball), or '' on PostgreSQL. */
    pgliteTemplatePath: string;
  }
}

/**
 * Vitest global set-up of the server project: migrates one in-memory PGlite database per run
 * and dumps its data directory to a temporary file, which every test app then loads
 * (`loadPgliteTemplate`) instead of creating and migrating its own database — about 2 s less
 * per test file on a 2-core machine (docs/architecture.md, "Tests"). Nothing on PostgreSQL
 * (`DATABASE_URL`): there the test files share one migrated database already.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return () => Promise.resolve();
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  if (database.kind !== 'pglite') throw new Error('pglite-template: expected PGlite');
  // Without a checkpoint every copy replays the migrations' log when it starts: about 0.13 s of
  // CPU more for each test file's database (docs/architecture.md, "CI and its time budgets").
  await database.pglite.exec('CHECKPOINT');
  const dump = await database.pglite.dumpDataDir('none');
  await database.close();
  const path = join(tmpdir(), `accueil-pglite-template-${process.pid}-${Date.now()}.tar`);
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return () => rm(path, { force: true });
}

let template: Promise<Blob | undefined> | undefined;

/**
 * The run's migrated PGlite template for `buildApp` (read once per test worker), or undefined
 * on PostgreSQL or outside a Vitest run with the global set-up.
 */
export function loadPgliteTemplate(path: string): Promise<Blob | undefined> {
  template ??= path ? readFile(path).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return template;
}
