import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

describe('contact search under row-level security', () => {
  it('may read the trigram index as the app role: LIKE is marked LEAKPROOF, so the search is not filtered after the policy', async () => {
    // Without it PostgreSQL applies the search only after the tenant policy, to every contact of
    // the organisation (500,000: half a second a search); the migrations mark it as a superuser.
    const result = (await t.deps.db.execute(sql`select proleakproof from pg_proc where oid = 'pg_catalog.textlike(text, text)'::regprocedure`)) as { rows: { proleakproof: boolean }[] };
    expect(result.rows).toEqual([{ proleakproof: true }]);
  });
});
