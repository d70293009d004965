import type { PGlite } from '@electric-sql/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';
import { RAW_PGLITE } from '../db/tenant-drivers';

const dialect = new PgDialect();

/**
 * Runs `query` (SQL text, or a Drizzle `sql` template with parameters) as the database's owner —
 * a superuser in tests — past row-level security and the app role's grants, and returns its
 * rows: for test set-up the app may not do (creating a table), for reading pg-boss's and the
 * migrator's own tables, and for what an intruder with the owner's password could do
 * (tampering). On PostgreSQL a connection of its own to `db`'s database; on PGlite the raw
 * instance under `db` (the app's statements switch to the app's role, the raw instance does not).
 */
export async function asDatabaseOwner<Row = Record<string, unknown>>(
  db: Database,
  query: string | SQL,
): Promise<Row[]> {
  const { sql: text, params } =
    typeof query === 'string' ? { sql: query, params: [] } : dialect.sqlToQuery(query);
  const pool = (db as unknown as { $client: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const client = new pg.Client({ connectionString: pool.options.connectionString });
    await client.connect();
    try {
      const result = await client.query<Record<string, unknown>>(text, params);
      return (Array.isArray(result) ? (result.at(-1) as pg.QueryResult).rows : result.rows) as Row[];
    } finally {
      await client.end();
    }
  }
  const raw = (db as unknown as { $client: Record<symbol, PGlite> }).$client[RAW_PGLITE]!;
  if (params.length) return (await raw.query<Row>(text, params)).rows;
  const results = await raw.exec(text);
  return (results.at(-1)?.rows ?? []) as Row[];
}
