import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDatabaseOwner } from '../test/database-owner';
import { useTestApp } from '../test/test-app';
import { executePrepared } from './prepared';

/** Named prepared statements on whichever database the tests run (PGlite, or PostgreSQL with DATABASE_URL). */
const t = useTestApp();
const table = `prepared_probe_${Math.random().toString(36).slice(2, 8)}`;
beforeAll(async () => {
  // Created by the owner: the app's role may not create tables (it gets rights on them by default).
  await asDatabaseOwner(
    t.deps.db,
    `CREATE TABLE ${table} (id int PRIMARY KEY, at timestamptz, doc jsonb, note text)`,
  );
});
afterAll(async () => {
  await asDatabaseOwner(t.deps.db, `DROP TABLE ${table}`);
});

const insert = (id: number, at: Date, doc: unknown, note: string | null) =>
  executePrepared(
    t.deps.db,
    `prepared_probe_insert_${table}`,
    sql`
    INSERT INTO ${sql.raw(table)} (id, at, doc, note) VALUES (${id}::int, ${at.toISOString()}::timestamptz, ${JSON.stringify(doc)}::jsonb, ${note}::text)
    RETURNING id, at, doc, note`,
  );

describe('executePrepared', () => {
  it("gives the driver's own values (Date, parsed JSON, null), call after call with new parameters", async () => {
    const at = new Date('2026-11-21T10:11:12.345Z');
    const [first] = await insert(1, at, { a: [1, 'é'] }, 'un');
    const [second] = await insert(2, at, {}, null);
    expect(first).toEqual({ id: 1, at, doc: { a: [1, 'é'] }, note: 'un' });
    expect(second).toEqual({ id: 2, at, doc: {}, note: null });
    const count = await executePrepared(
      t.deps.db,
      `prepared_probe_count_${table}`,
      sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE id <= ${2}::int`,
    );
    expect(count).toEqual([{ n: 2 }]);
  });

  it('throws the database error with its code and constraint, and the next call still works', async () => {
    const err = await insert(1, new Date(), {}, 'again').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', constraint: `${table}_pkey` });
    expect(await insert(3, new Date(), {}, 'trois')).toHaveLength(1);
  });

  it("never runs inside another caller's open transaction", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const rolledBack = t.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`INSERT INTO ${table} (id, note) VALUES (100, 'rolled back')`));
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await new Promise((r) => setTimeout(r, 20));
    const counted = executePrepared(
      t.deps.db,
      `prepared_probe_one_${table}`,
      sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE id = ${100}::int`,
    );
    await new Promise((r) => setTimeout(r, 20));
    release();
    expect(await rolledBack).toBe('rolled back');
    expect(await counted).toEqual([{ n: 0 }]);
  });
});
