import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { pgliteJobDatabase } from './pglite-job-database';

/** The adapter pg-boss runs on when the app embeds PGlite (a bare instance here, in both passes). */
let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create('memory://');
  await client.exec('CREATE TABLE t (x int PRIMARY KEY)');
});

afterAll(async () => {
  await client.close();
});

it('runs a statement with parameters through query', async () => {
  const db = pgliteJobDatabase(client);
  expect((await db.executeSql('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
});

it('returns the rows of every statement of a parameterless block, a RETURNING before COMMIT included', async () => {
  const db = pgliteJobDatabase(client);
  const { rows } = await db.executeSql(`
    BEGIN;
    SET LOCAL lock_timeout = 30000;
    INSERT INTO t VALUES (1) RETURNING x;
    SELECT 'two' AS y;
    COMMIT;
  `);
  expect(rows).toEqual([{ x: 1 }, { y: 'two' }]);
  expect((await client.query('SELECT count(*)::int AS n FROM t WHERE x = 1')).rows).toEqual([{ n: 1 }]);
});

it('rolls a failed BEGIN…COMMIT block back before the shared connection serves anyone else', async () => {
  const db = pgliteJobDatabase(client);
  // The app's query is issued while the block holds the connection, so it waits for it there.
  let appQuery!: Promise<{ rows: unknown[] }>;
  const transaction = client.transaction.bind(client);
  vi.spyOn(client, 'transaction').mockImplementationOnce((fn) =>
    transaction((tx) => {
      appQuery = client.query('SELECT count(*)::int AS n FROM t');
      return fn(tx);
    }),
  );
  await expect(db.executeSql('BEGIN; INSERT INTO t VALUES (2); SELECT 1/0; COMMIT;')).rejects.toThrow(
    /division by zero/,
  );
  // Not "current transaction is aborted", and the block's insert is gone.
  expect((await appQuery).rows).toEqual([{ n: 1 }]);
  expect(client.isInTransaction()).toBe(false);
});

it('runs its calls one at a time, in order, and idle() waits for the last', async () => {
  const db = pgliteJobDatabase(client);
  const order: number[] = [];
  const calls = [3, 4, 5].map((x) =>
    db
      .executeSql('INSERT INTO t VALUES ($1) RETURNING x', [x])
      .then(({ rows }) => order.push((rows[0] as { x: number }).x)),
  );
  await db.idle();
  expect(order).toEqual([3, 4, 5]);
  await Promise.all(calls);
  // A failure does not stop the calls queued after it.
  const dup = db.executeSql('INSERT INTO t VALUES (3)');
  const after = db.executeSql('SELECT 1 AS ok');
  await expect(dup).rejects.toThrow(/duplicate key/);
  expect((await after).rows).toEqual([{ ok: 1 }]);
});

it('gives the event loop a turn before each statement: work arriving during one runs before the next', async () => {
  const db = pgliteJobDatabase(client);
  const order: string[] = [];
  // A request arriving while pg-boss's first statement runs: its handler queues an app query.
  const first = db.executeSql("SELECT 'boss 1'").then(() => {
    order.push('boss 1');
    setImmediate(() => void client.query('SELECT 1').then(() => order.push('app')));
  });
  const second = db.executeSql("SELECT 'boss 2'").then(() => order.push('boss 2'));
  await Promise.all([first, second]);
  await new Promise((resolve) => setImmediate(resolve));
  await client.query('SELECT 1');
  expect(order).toEqual(['boss 1', 'app', 'boss 2']);
});
