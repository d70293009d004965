import type { PGlite } from '@electric-sql/pglite';
import type { Db } from 'pg-boss';

/** pg-boss's own `BEGIN; …; COMMIT` blocks (its `transaction()`/`locked()` statements). */
const OPENS_TRANSACTION = /(?:^|;)\s*BEGIN\s*;/i;

/**
 * Waits for the event loop's next turn (its I/O phase included). PGlite runs each statement
 * synchronously on the server's one thread and resolves it without giving the loop a turn, so
 * pg-boss's chains of statements (its start: about 20 of them, 0.3 s on a quiet machine, over 1 s on a
 * loaded one) would otherwise hold every request for their whole length.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** pg-boss's database interface over PGlite, plus `idle()`: resolves when no call is in flight. */
export type PgliteJobDatabase = Db & { idle: () => Promise<void> };

/**
 * pg-boss's `db` option over the app's own PGlite instance (one embedded connection shared
 * with Drizzle), behaving as pg-boss expects of node-postgres:
 * - with parameters: one statement through `query`;
 * - without: possibly several statements, through `exec`; the rows of every statement's result
 *   come back (a `RETURNING` before a trailing `COMMIT` included).
 * - Calls run one at a time, in order, each after a turn of the event loop: the requests that
 *   arrived meanwhile are read and their queries queued first, so a chain of pg-boss statements
 *   delays a request by one statement, not by the chain.
 * - A `BEGIN; …; COMMIT` block runs inside PGlite's `transaction()`, which holds the connection
 *   from start to end: when a statement fails, the block is rolled back before any other query
 *   (the app's included) can run on a connection left in an aborted transaction. On success
 *   the block's own COMMIT commits (PGlite's then only warns that no transaction is open).
 */
export function pgliteJobDatabase(client: PGlite): PgliteJobDatabase {
  let tail: Promise<unknown> = Promise.resolve();
  const run = async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if (values?.length) return client.query(text, values);
    const results = OPENS_TRANSACTION.test(text)
      ? await client.transaction((tx) => tx.exec(text))
      : await client.exec(text);
    return { rows: results.flatMap((r) => r.rows) };
  };
  return {
    executeSql(text, values) {
      const result = tail.then(nextTurn).then(() => run(text, values));
      tail = result.catch(() => undefined);
      return result;
    },
    idle: () => tail.then(() => undefined),
  };
}
