import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema/index';
import { tenantPglite } from './tenant-drivers';
import { TenantPool } from './tenant-pool';

/** The Drizzle database, whichever driver runs it (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: same API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

/**
 * An open database. Besides Drizzle, the driver-level connection for what must share it: the
 * job queue (jobs/job-queue.ts) runs pg-boss on the same PGlite instance, or opens its own
 * small pool on the same PostgreSQL `url`.
 */
export type DatabaseHandle = {
  db: Database;
  close: () => Promise<void>;
} & ({ kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string });

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Lock id for migrations, so several server processes starting together migrate once. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Opens the database and applies the committed migrations. The returned `db` runs every
 * statement as the app's role with the caller's tenant scope (tenant-scope.ts: row-level
 * security); `pglite` is the raw instance (owner's role, no scope) for the job queue.
 * - `databaseUrl` set: node-postgres pool (PostgreSQL ≥ 15), migrations under an advisory lock.
 * - otherwise: PGlite in `dataDir/pglite` (or in memory when `dataDir` is `memory://`).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /**
   * An in-memory database only: start from this PGlite data directory (a `dumpDataDir` tarball
   * of an already migrated database) instead of an empty one; the migrations then apply only
   * what it lacks. Tests load one migrated template per run (test/pglite-template.ts), which is
   * faster than creating and migrating a database for every test file.
   */
  pgliteTemplate?: Blob;
  /**
   * PostgreSQL only: told when an idle pooled connection fails (PostgreSQL restarted, an
   * administrator or `idle_session_timeout` ended it, the network dropped). node-postgres emits
   * this as the pool's `error` event, which ends the process when nobody listens; the pool has
   * already dropped the connection and opens a new one on demand, so logging it is enough.
   */
  onIdleConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    // Migrations run as the connecting user (the tables' owner), on a connection of their own;
    // the app's pool switches every connection to the app's role (tenant-pool.ts).
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      await client.end();
    }
    const pool = new TenantPool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    const onIdleError =
      opts.onIdleConnectionError ??
      ((error: Error) => console.error('database: idle connection lost', error));
    pool.on('error', onIdleError);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', url: opts.databaseUrl, close: () => pool.end() };
  }
  const dir = opts.dataDir === 'memory://' ? undefined : `${opts.dataDir}/pglite`;
  if (dir) mkdirSync(dir, { recursive: true });
  const extensions = { pg_trgm, btree_gist, unaccent };
  const client = await (dir === undefined && opts.pgliteTemplate
    ? PGlite.create({ loadDataDir: opts.pgliteTemplate, extensions })
    : PGlite.create(dir ?? 'memory://', { extensions }));
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const db = drizzlePglite(tenantPglite(client), { schema }) as unknown as Database;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
