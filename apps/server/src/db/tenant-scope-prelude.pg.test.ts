import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { executePrepared } from './prepared';
import { ScopedQuery } from './tenant-pool';
import { withOrganization, withSystemAccess, withoutTenant } from './tenant-scope';

/**
 * PostgreSQL only (`*.pg.test.ts`): the pool's tenant scope sent with a statement in one round
 * trip (tenant-pool.ts, `ScopedQuery`). One pooled connection, so every statement below
 * changes the scope of the connection the statement before it left.
 */
const databaseUrl = process.env.DATABASE_URL!;
const ORG_A = '00000000-0000-4000-8000-00000000000a';
const ORG_B = '00000000-0000-4000-8000-00000000000b';

type Seen = { org: string; system: string; role: string; pid: number };

/** The scope the statement itself ran in, read by a named statement (extended protocol: it carries the prelude). */
async function seenByPrepared(handle: DatabaseHandle, probe = 1): Promise<Seen> {
  const [row] = await executePrepared(
    handle.db,
    'tenant_prelude_test_probe',
    sql`SELECT current_setting('app.organization_id', true) AS org,
      current_setting('app.system_access', true) AS system, current_user AS role,
      pg_backend_pid() AS pid, ${probe}::int AS probe`,
  );
  return row as Seen;
}

/** The same read as a simple query (no parameters: it keeps the scope's own round trip). */
async function seenBySimple(handle: DatabaseHandle): Promise<Seen> {
  const result = await handle.db.execute(
    sql.raw(`SELECT current_setting('app.organization_id', true) AS org,
      current_setting('app.system_access', true) AS system, current_user AS role, pg_backend_pid() AS pid`),
  );
  return (result as { rows: Seen[] }).rows[0]!;
}

describe('the tenant scope sent with the statement (PostgreSQL pool)', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await handle?.close();
    handle = undefined;
  });

  it('runs each statement in its caller’s scope, as the app’s role, whatever scope the connection had', async () => {
    handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 1 });
    const h = handle;
    const sequence = [ORG_A, ORG_B, ORG_B, ORG_A, 'system', 'none', ORG_B] as const;
    for (const scope of sequence) {
      const seen =
        scope === 'system'
          ? await withSystemAccess('test-fixture', () => seenByPrepared(h))
          : scope === 'none'
            ? await withoutTenant(() => seenByPrepared(h))
            : await withOrganization(scope, () => seenByPrepared(h));
      expect(seen.role).toBe('accueil_app');
      expect(seen.org).toBe(scope === 'system' || scope === 'none' ? '' : scope);
      expect(seen.system).toBe(scope === 'system' ? 'on' : '');
    }
    // A simple query after them still gets its scope (its own round trip).
    expect(await withOrganization(ORG_A, () => seenBySimple(h))).toMatchObject({ org: ORG_A, system: '' });
    expect(await withOrganization(ORG_B, () => seenByPrepared(h))).toMatchObject({ org: ORG_B });
  });

  it('sends a change of scope with the statement: one query on the connection per statement', async () => {
    handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 1 });
    const h = handle;
    await withOrganization(ORG_A, () => seenByPrepared(h)); // the connection's first take sets the role
    const queries = vi.spyOn(pg.Client.prototype, 'query');
    for (const org of [ORG_B, ORG_A, ORG_B, ORG_A])
      expect(await withOrganization(org, () => seenByPrepared(h))).toMatchObject({ org });
    expect(queries).toHaveBeenCalledTimes(4);
  });

  it('after a statement that fails, runs the next ones in their own scope (the failure rolled its setting back)', async () => {
    handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 1 });
    const h = handle;
    expect(await withOrganization(ORG_A, () => seenByPrepared(h))).toMatchObject({ org: ORG_A });
    // In scope B on a connection set to A: the prelude sets B, the statement fails (division by
    // zero), and the implicit transaction's rollback puts A back on that connection.
    await expect(
      withOrganization(ORG_B, () =>
        executePrepared(h.db, 'tenant_prelude_test_fails', sql`SELECT 1 / ${0}::int AS never`),
      ),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await withOrganization(ORG_B, () => seenByPrepared(h))).toMatchObject({ org: ORG_B });
    expect(await withOrganization(ORG_A, () => seenByPrepared(h))).toMatchObject({ org: ORG_A });
    expect(await withOrganization(ORG_B, () => seenBySimple(h))).toMatchObject({ org: ORG_B });
  });

  it('does not run the statement when its prelude fails, and runs it after a prelude that succeeds', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('CREATE TEMP TABLE prelude_probe (n int)');
      const send = (prelude: [string, string], n: number) =>
        new Promise<void>((resolve, reject) => {
          const query = new ScopedQuery(
            { text: 'INSERT INTO prelude_probe VALUES ($1)', values: [n] },
            prelude,
            (error) => (error ? reject(error) : resolve()),
          );
          void client.query(query as unknown as pg.QueryConfig);
        });
      // PostgreSQL refuses a NUL in a text parameter: the prelude's Bind fails.
      await expect(send([`${ORG_A}\0`, ''], 1)).rejects.toMatchObject({ code: '22021' });
      await send([ORG_B, ''], 2);
      const rows = await client.query<{ n: number; org: string }>(
        "SELECT n, current_setting('app.organization_id') AS org FROM prelude_probe",
      );
      expect(rows.rows).toEqual([{ n: 2, org: ORG_B }]);
    } finally {
      await client.end();
    }
  });
});
