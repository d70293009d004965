import type { ContactPage, PatientSurveys } from '@accueil/domain';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { contactRequests } from '../../test/contact-requests';
import { buildInbox } from '../../test/conversation-factories';
import { buildContact } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

type Headers = Record<string, string>;
const { create, list } = contactRequests(t);

/** The contacts' list and search, another organisation's contacts (404), the CSV export and the audit of bulk reads. */
describe('GET /api/contacts', () => {
  it('pages by last then first name (accents and case ignored) without gaps or duplicates, with the total', async () => {
    const { org, headers } = await buildInbox();
    const names = [
      ['Émile', 'Zola'],
      ['ana', 'Bélanger'],
      ['Bob', 'belanger'],
      ['Éric', 'Côté'],
      ['Luc', 'Abbott'],
    ];
    for (const [firstName, lastName] of names)
      await buildContact({ organizationId: org.id, firstName, lastName });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ContactPage = await list(headers, `limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(5);
      seen.push(...page.items.map((c) => c.fullname));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Luc Abbott', 'ana Bélanger', 'Bob belanger', 'Éric Côté', 'Émile Zola']);
  });

  it('searches names, e-mail and phone, ignoring accents and case; needs 3 characters', async () => {
    const { org, headers } = await buildInbox();
    const helene = await buildContact({
      organizationId: org.id,
      firstName: 'Hélène',
      lastName: 'Lévesque',
      email: 'h.levesque@exemple.ca',
      phone: '+15145550177',
    });
    await buildContact({ organizationId: org.id, firstName: 'Paul', lastName: 'Roy' });
    await buildContact({ firstName: 'Hélène', lastName: 'Ailleurs' }); // another organisation
    for (const search of [
      'Helene',
      'HÉLÈNE',
      'levesque',
      'ène lév',
      'exemple.ca',
      '555-0177',
      '(514) 555-0177',
      '5145550177',
    ]) {
      const page = await list(headers, `search=${encodeURIComponent(search)}`);
      expect(
        page.items.map((c) => c.id),
        search,
      ).toEqual([helene.id]);
      expect(page.total).toBe(1);
      expect(page.totalCapped).toBe(false);
    }
    expect((await list(headers, 'search=50%25')).items).toEqual([]);
    const short = await t.app.inject({ method: 'GET', url: '/api/contacts?search=He', headers });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'search-too-short' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contacts?cursor=nope', headers })).json(),
    ).toMatchObject({ code: 'validation-failed' });
  });
});

describe('another organisation', () => {
  it('answers 404 for its contacts and imports, and never lists them', async () => {
    const { headers } = await buildInbox();
    const theirs = await buildContact({});
    const id = theirs.id;
    for (const [method, url, payload] of [
      ['GET', `/api/contacts/${id}`],
      ['PUT', `/api/contacts/${id}`, { firstName: 'A', lastName: 'B' }],
      ['DELETE', `/api/contacts/${id}`],
      ['GET', `/api/patients/${id}/surveys`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not-found' });
    }
    expect((await create(headers, { firstName: 'A', lastName: 'B', linkedToId: id })).statusCode).toBe(404);
    expect((await list(headers)).items).toEqual([]);
    const stranger = await buildContact({ lastName: `Étrangère${theirs.id.slice(0, 8)}` });
    const exported = await t.app.inject({ method: 'GET', url: '/api/contacts/export', headers });
    expect(
      exported.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    expect(exported.body).not.toContain(stranger.lastName);
    expect((await list(headers, `search=${encodeURIComponent(stranger.lastName)}`)).items).toEqual([]);
    const other = await buildInbox();
    const upload = await importFile(other.headers, 'x.csv', Buffer.from('Léa,Roy,514-555-0142\r\n'));
    expect(upload.statusCode).toBe(202);
    const importId = upload.json<{ id: string }>().id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/contacts/imports/${importId}`, headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/contacts/imports/${importId}/skipped`, headers }))
        .statusCode,
    ).toBe(404);
    await waitForImport(other.headers, importId);
  });
});

describe('surveys and export', () => {
  it('a contact has no survey yet', async () => {
    const { org, headers } = await buildInbox();
    const c = await buildContact({ organizationId: org.id });
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${c.id}/surveys`, headers });
    expect(res.json<PatientSurveys>()).toEqual({ items: [] });
  });

  it('exports every contact as CSV with formula cells escaped', async () => {
    const { org, headers } = await buildInbox();
    await buildContact({
      organizationId: org.id,
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: 'Roy',
      phone: '+15145550142',
      note: '@SUM(1,2)',
    });
    await buildContact({ organizationId: org.id, firstName: 'Hélène', lastName: 'Côté', phone: null });
    const res = await t.app.inject({ method: 'GET', url: '/api/contacts/export', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('contacts.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'First name,Last name,Phone,E-mail,Birthday,Address,City,Postal code,Language,Gender,Note',
    );
    expect(lines[1]).toBe('Hélène,Côté,,,,,,,,male,');
    expect(lines[2]).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")",Roy,(514) 555-0142,,,,,,,male,"'@SUM(1,2)"`,
    );
  });
});

describe('the audit log', () => {
  async function events(organizationId: string) {
    return t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, organizationId))
      .orderBy(asc(auditEvents.seq));
  }

  it('records an export with its actor and the number of contacts', async () => {
    const { org, user, headers } = await buildInbox();
    await buildContact({ organizationId: org.id });
    await buildContact({ organizationId: org.id, phone: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts/export', headers })).statusCode).toBe(
      200,
    );
    const recorded = await events(org.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      action: 'contacts.exported',
      actorUserId: user.id,
      actorName: 'Marie Tremblay',
      details: { contacts: 2 },
    });
  });

  it('records every page of a bulk read (more than the largest page size), not the ordinary pages', async () => {
    const { org, user, headers } = await buildInbox();
    for (let i = 0; i < 3; i++) await buildContact({ organizationId: org.id, lastName: `Roy${i}` });
    await list(headers, 'limit=100');
    await list(headers, 'limit=25&search=roy');
    expect(await events(org.id)).toEqual([]);
    const first = await list(headers, 'limit=2');
    expect(await events(org.id)).toEqual([]);
    await list(headers, 'limit=500');
    await list(headers, `limit=101&search=roy1`);
    await list(headers, `limit=500&cursor=${first.nextCursor}`);
    const recorded = await events(org.id);
    expect(recorded.map((e) => [e.action, e.actorUserId, e.details])).toEqual([
      ['contacts.bulk-read', user.id, { rows: 3, search: null, firstPage: true }],
      ['contacts.bulk-read', user.id, { rows: 1, search: 'roy1', firstPage: true }],
      ['contacts.bulk-read', user.id, { rows: 1, search: null, firstPage: false }],
    ]);
    expect(
      (
        await t.deps.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.organizationId, org.id), eq(auditEvents.action, 'contacts.exported')))
      ).length,
    ).toBe(0);
  });
});

async function importFile(headers: Headers, fileName: string, data: Buffer, field = 'file') {
  const body = multipartFile(field, fileName, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/contacts/import',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function waitForImport(headers: Headers, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/contacts/imports/${id}`, headers });
    const body = res.json<{ status: string }>();
    if (body.status === 'done' || body.status === 'failed') return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import did not end');
}
