import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema/contacts';
import { buildContact, buildOrganization } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import {
  contactSearchPredicate,
  searchContactRows,
  type ContactListKey,
  type ContactSearchTuning,
} from './contact-search';

const t = useTestApp();

describe('contact search under row-level security', () => {
  it('may read the trigram index as the app role: LIKE is marked LEAKPROOF, so the search is not filtered after the policy', async () => {
    // Without it PostgreSQL applies the search only after the tenant policy, to every contact of
    // the organisation (500,000: half a second a search); the migrations mark it as a superuser.
    const result = (await t.deps.db.execute(
      sql`select proleakproof from pg_proc where oid = 'pg_catalog.textlike(text, text)'::regprocedure`,
    )) as { rows: { proleakproof: boolean }[] };
    expect(result.rows).toEqual([{ proleakproof: true }]);
  });
});

describe('searchContactRows: the same pages whichever plan it takes', () => {
  /** Every page of `term`, `limit` at a time, with `tuning`: the ids in order and each page's count. */
  async function allPages(organizationId: string, term: string, limit: number, tuning: ContactSearchTuning) {
    const ids: string[] = [];
    const totals: string[] = [];
    let after: ContactListKey | null = null;
    for (;;) {
      const page = await searchContactRows(t.deps.db, organizationId, term, after, limit, tuning);
      totals.push(`${page.total}${page.capped ? '+' : ''}`);
      const items = page.rows.slice(0, limit);
      ids.push(...items.map((r) => r.id));
      if (page.rows.length <= limit) break;
      const last = items.at(-1)!;
      after = { k: last.sortKey ?? '', id: last.id };
    }
    return { ids, totals };
  }

  it('pages through the matches in the list order, counts them up to the cap, for terms spread through the list or gathered at its end', async () => {
    const org = await buildOrganization();
    // 'Zed' family names sort last: a term only they match gathers at the list's end (the walk
    // finds nothing and the rest is sorted from the matches); 'ann' is spread over the list.
    const people = [
      ...Array.from({ length: 12 }, (_, i) => ({
        firstName: i % 2 ? 'Anne' : 'Luc',
        lastName: `Abel${String.fromCharCode(97 + i)}`,
      })),
      ...Array.from({ length: 9 }, (_, i) => ({
        firstName: i % 3 ? 'Joanne' : 'Marc',
        lastName: `Moreau${i}`,
      })),
      ...Array.from({ length: 8 }, (_, i) => ({
        firstName: 'Éloïse',
        lastName: `Zédé${i}`,
        email: i === 3 ? 'anne.zede@exemple.ca' : null,
      })),
    ];
    for (const p of people) await buildContact({ organizationId: org.id, ...p });
    await buildContact({ firstName: 'Anne', lastName: 'Ailleurs' }); // another organisation
    for (const term of ['ann', 'zede', 'eloise', 'abel', 'moreau', 'nobody']) {
      const expected = await t.deps.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.organizationId, org.id), contactSearchPredicate(term)))
        .orderBy(asc(contacts.sortKey), asc(contacts.id));
      const want = expected.map((r) => r.id);
      const n = want.length;
      // Uncapped (sorted matches); capped with a walk that finds them; capped with a walk too short.
      for (const tuning of [
        { countCap: 100, walkRows: 100 },
        { countCap: 3, walkRows: 100 },
        { countCap: 3, walkRows: 4 },
      ]) {
        for (const limit of [1, 2, 5]) {
          const got = await allPages(org.id, term, limit, tuning);
          expect(got.ids, `${term} ${JSON.stringify(tuning)} limit ${limit}`).toEqual(want);
          expect(new Set(got.totals), term).toEqual(
            new Set([n > tuning.countCap ? `${tuning.countCap}+` : String(n)]),
          );
        }
      }
    }
  });
});
