import type { AddressKind, ContactPage } from '@accueil/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactAddresses } from '../../db/schema/contact-addresses';
import { contacts } from '../../db/schema/contacts';
import { buildInbox } from '../../test/conversation-factories';
import { buildContact, buildOrganization } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import {
  contactSearchPredicate,
  searchContactRows,
  type ContactListKey,
  type ContactSearchTuning,
} from './contact-search';

const t = useTestApp();

/** Gives `contact` a secondary address (position 1), as written by the addresses' own writers. */
async function addAddress(
  contact: { id: string; organizationId: string },
  kind: AddressKind,
  address: string,
) {
  await t.deps.db
    .insert(contactAddresses)
    .values({ organizationId: contact.organizationId, contactId: contact.id, kind, address, position: 1 });
}

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
    const built = [];
    for (const p of people) built.push(await buildContact({ organizationId: org.id, ...p }));
    // Found by 'ann' only through a secondary address, in the middle of the list.
    await addAddress(built[15]!, 'email', 'marc.ann@exemple.ca'); // Marc Moreau3
    await buildContact({ firstName: 'Anne', lastName: 'Ailleurs' }); // another organisation
    for (const term of ['ann', 'zede', 'eloise', 'abel', 'moreau', 'nobody']) {
      const expected = await t.deps.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.organizationId, org.id), contactSearchPredicate(org.id, term)))
        .orderBy(asc(contacts.sortKey), asc(contacts.id));
      const want = expected.map((r) => r.id);
      if (term === 'ann') expect(want).toContain(built[15]!.id);
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

// docs/behaviour/contacts.md, "List and search": every address of a contact is searched.
describe('contact search through the secondary addresses', () => {
  async function search(headers: Record<string, string>, term: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/contacts?search=${encodeURIComponent(term)}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ContactPage>();
    return { ids: page.items.map((c) => c.id), total: page.total };
  }

  it('finds a contact by a secondary phone (as typed or by its digits) and a secondary e-mail (any case), once when several match', async () => {
    const { org, headers } = await buildInbox();
    const lea = await buildContact({
      organizationId: org.id,
      firstName: 'Léa',
      lastName: 'Roy',
      phone: '+15145550100',
      email: 'lea@exemple.ca',
    });
    await addAddress(lea, 'phone', '+14385550177');
    await addAddress(lea, 'email', 'lea.roy@clinique-nord.ca');
    await addAddress(lea, 'email', 'roy.lea@clinique-sud.ca');
    await buildContact({
      organizationId: org.id,
      firstName: 'Paul',
      lastName: 'Gagnon',
      phone: '+15145550199',
    });
    for (const term of [
      '438 555',
      '(438) 555-0177',
      '4385550177',
      '+1 438-555',
      'LEA.ROY@Clinique',
      'clinique-sud',
    ]) {
      expect(await search(headers, term), term).toEqual({ ids: [lea.id], total: 1 });
    }
    // Two secondary e-mails and the primary one match: still one row, counted once.
    expect(await search(headers, 'exemple.ca')).toEqual({ ids: [lea.id], total: 1 });
    expect(await search(headers, 'clinique')).toEqual({ ids: [lea.id], total: 1 });
    expect(await search(headers, 'roy')).toEqual({ ids: [lea.id], total: 1 });
    // Capped, the search walks the list's order index: the addresses are looked in there too.
    const walked = await searchContactRows(t.deps.db, org.id, 'clinique', null, 5, {
      countCap: 0,
      walkRows: 100,
    });
    expect(walked.rows.map((r) => r.id)).toEqual([lea.id]);
  });

  it('still finds the primary phone and e-mail', async () => {
    const { org, headers } = await buildInbox();
    const paul = await buildContact({
      organizationId: org.id,
      firstName: 'Paul',
      lastName: 'Gagnon',
      phone: '+15145550199',
      email: 'Paul.Gagnon@Exemple.CA',
    });
    await addAddress(paul, 'phone', '+14385550111');
    for (const term of ['514 555 0199', '5145550199', 'paul.gagnon@exemple', 'PAUL.GAGNON']) {
      expect(await search(headers, term), term).toEqual({ ids: [paul.id], total: 1 });
    }
  });

  it("never finds another organisation's contact by its addresses", async () => {
    const { org, headers } = await buildInbox();
    const mine = await buildContact({ organizationId: org.id, firstName: 'Anne', lastName: 'Roy' });
    const stranger = await buildContact({ firstName: 'Zoé', lastName: 'Ailleurs', phone: '+15145550123' });
    await addAddress(stranger, 'phone', '+14505550123');
    await addAddress(stranger, 'email', 'zoe@ailleurs.ca');
    for (const term of ['450 555 0123', '514 555 0123', 'zoe@ailleurs', 'Ailleurs']) {
      expect(await search(headers, term), term).toEqual({ ids: [], total: 0 });
    }
    expect(await search(headers, 'anne roy')).toEqual({ ids: [mine.id], total: 1 });
  });
});
