import { PGlite, parse as pgliteParse, protocol } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client';
import { pgliteScopePrelude } from './tenant-drivers';
import { currentTenantScope } from './tenant-scope';

const dialect = new PgDialect();

/**
 * Runs `query` (a Drizzle `sql` template) and returns its rows as the driver gives them
 * (column names as written in the SQL; map values with each column's `mapFromDriverValue`).
 * It is a NAMED prepared statement: parsed and planned once per connection (each pooled
 * PostgreSQL connection, or the one PGlite instance), then only bound and executed. For a hot
 * multi-table write the plan costs more than the execution (docs/benchmarks.md).
 * `name` must be unique per SQL text, and the text must not change between calls (only the
 * parameters). Not for transactions: it runs on the pool (or PGlite outside any `Tx`).
 * @throws the driver's DatabaseError (with `code`, `constraint`) as a plain query would.
 */
export async function executePrepared(
  db: Database,
  name: string,
  query: SQL,
): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (client instanceof pg.Pool) {
    const result = await client.query<Record<string, unknown>>({ name, text, values: params });
    return result.rows;
  }
  if (client instanceof PGlite) return executePreparedOnPglite(client, name, text, params);
  const result = (await db.execute(query)) as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** Per PGlite instance: the statements it has prepared, with their parameters' type OIDs. */
const preparedOnPglite = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * PGlite's `query()` sends Parse/Describe/Bind/Describe/Execute/Sync as six calls into the
 * WebAssembly backend and plans the statement every time; its API has no named statements.
 * Here the extended protocol is spoken directly: Parse + Describe once per name, then one call
 * with Bind + Describe + Execute + Sync. Exclusive like `query()` (same two locks, so it never
 * runs inside another caller's transaction), and synced to the file system the same way.
 * The execution is wrapped, in the same call, in its own transaction that first sets the app's
 * role and the tenant scope (`BEGIN; SET LOCAL …` before, `COMMIT` after: a failed statement
 * turns the COMMIT into a rollback); the statement's rows are the messages between the
 * prelude's `readyForQuery` and its own.
 */
async function executePreparedOnPglite(
  client: PGlite,
  name: string,
  text: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  const { serialize } = protocol;
  const prelude = pgliteScopePrelude(currentTenantScope());
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      let known = preparedOnPglite.get(client);
      if (!known) preparedOnPglite.set(client, (known = new Map<string, number[]>()));
      let types = known.get(name);
      if (!types) {
        const { messages } = await client.execProtocol(
          concat(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
          { syncToFs: false },
        );
        const description = messages.find((m) => m.name === 'parameterDescription') as
          { dataTypeIDs?: number[] } | undefined;
        types = description?.dataTypeIDs ?? [];
        known.set(name, types);
      }
      const paramTypes: number[] = types;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[paramTypes[i] ?? 0];
        if (serializer) return serializer(value);
        if (typeof value === 'string') return value;
        if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
          return value.toString();
        return JSON.stringify(value);
      });
      const { messages } = await client.execProtocol(
        concat(
          serialize.query(`BEGIN; ${prelude}`),
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
          serialize.query('COMMIT'),
        ),
        { syncToFs: false },
      );
      if (!client.isInTransaction()) await client.syncToFs();
      const ready = messages.flatMap((m, i) => (m.name === 'readyForQuery' ? [i] : []));
      const [result] = pgliteParse.parseResults(
        messages.slice((ready[0] ?? -1) + 1, (ready[1] ?? messages.length - 1) + 1),
        client.parsers,
      );
      return result?.rows ?? [];
    }),
  );
}

/** The protocol messages of one call, back to back. */
function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
