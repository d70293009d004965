import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';

/** PostgreSQL only (`*.pg.test.ts`: the server-postgres project, which always has DATABASE_URL). */
const databaseUrl = process.env.DATABASE_URL!;

describe('an idle pooled connection ended by PostgreSQL', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('is reported to the listener, and the pool goes on with a new connection', async () => {
    const errors: Error[] = [];
    handle = await openDatabase({
      databaseUrl,
      dataDir: 'memory://',
      poolSize: 1,
      onIdleConnectionError: (error) => errors.push(error),
    });
    const { db } = handle;
    const before = await db.execute<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = (before as { rows: { pid: number }[] }).rows[0]!.pid;

    // What a PostgreSQL restart or an administrator does to an idle connection.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await expect.poll(() => errors.length, { timeout: 5_000 }).toBe(1);

    const after = await db.execute<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect((after as { rows: { pid: number }[] }).rows[0]!.pid).not.toBe(pid);
  });
});
