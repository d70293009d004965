import type { ContactDetails, ContactPage, PatientSurveys } from '@accueil/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { buildAgenda } from '../../test/agenda-factories';
import { buildContact, randomPhoneNumber } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

type Headers = Record<string, string>;

async function create(headers: Headers, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/contacts', headers, payload: body });
}

async function list(headers: Headers, query = ''): Promise<ContactPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/contacts?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<ContactPage>();
}

describe('contacts: create, read, update, delete', () => {
  it('creates a contact with every field of the form, reads it back, edits it and deletes it', async () => {
    const { headers } = await buildInbox();
    const res = await create(headers, {
      firstName: ' Hélène ',
      lastName: 'Côté',
      phone: '(514) 555-0191',
      email: 'helene@example.ca',
      birthday: '1984-03-15',
      address: '12 rue Saint-Denis',
      city: 'Montréal',
      postalCode: 'H2X 1K4',
      language: 'fr',
      gender: 'female',
      note: 'Allergie',
      contactSince: '2020-01-02',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<ContactDetails>();
    expect(created).toMatchObject({
      firstName: 'Hélène',
      lastName: 'Côté',
      fullname: 'Hélène Côté',
      phone: '+15145550191',
      email: 'helene@example.ca',
      birthday: '1984-03-15',
      city: 'Montréal',
      postalCode: 'H2X 1K4',
      language: 'fr',
      gender: 'female',
      note: 'Allergie',
      contactSince: '2020-01-02',
      phoneLineType: 'mobile',
      linkedToId: null,
      relation: null,
      linkedContacts: [],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/contacts/${created.id}`, headers })).json(),
    ).toEqual(created);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/contacts/${created.id}`,
      headers,
      payload: { firstName: 'Hélène', lastName: 'Côté-Roy', phone: '514-555-0000', email: '' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      lastName: 'Côté-Roy',
      phone: '+15145550000',
      email: null,
      gender: 'male',
      birthday: null,
      phoneLineType: 'landline',
    });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contacts/${created.id}`, headers })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/contacts/${created.id}`, headers })).statusCode,
    ).toBe(404);
  });

  it('defaults: gender male, contact since today', async () => {
    const { headers } = await buildInbox();
    const created = (await create(headers, { firstName: 'Paul', lastName: 'Roy' })).json<ContactDetails>();
    expect(created).toMatchObject({
      gender: 'male',
      phone: null,
      phoneLineType: null,
      contactSince: new Date().toISOString().slice(0, 10),
    });
  });

  it('answers each rule with its 400 code and message', async () => {
    const { org, headers } = await buildInbox();
    const taken = await buildContact({ organizationId: org.id });
    const cases: [Record<string, unknown>, string, RegExp?][] = [
      [{ firstName: '  ', lastName: 'Roy' }, 'contact-name-required'],
      [{ firstName: 'Paul', lastName: '' }, 'contact-name-required'],
      [{ firstName: 'Paul', lastName: 'Roy', phone: '555-12' }, 'phone-invalid'],
      [{ firstName: 'Paul', lastName: 'Roy', email: 'paul@' }, 'email-invalid'],
      [
        { firstName: 'Paul', lastName: 'Roy', phone: taken.phone },
        'contact-phone-exists',
        /^A contact with this phone number already exists\.$/,
      ],
      [{ firstName: 'Paul', lastName: 'Roy', birthday: '15/03/1984' }, 'validation-failed'],
      [{ firstName: 'Paul', lastName: 'Roy', gender: 'other' }, 'validation-failed'],
      [{ firstName: 'Paul', lastName: 'Roy', relation: 'cousin' }, 'validation-failed'],
    ];
    for (const [body, code, message] of cases) {
      const res = await create(headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        code,
        ...(message ? { message: expect.stringMatching(message) } : {}),
      });
    }
    const other = await buildContact({ organizationId: org.id });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/contacts/${other.id}`,
      headers,
      payload: { firstName: 'A', lastName: 'B', phone: taken.phone },
    });
    expect(put.json()).toMatchObject({ code: 'contact-phone-exists' });
    // Its own phone is not "another contact's".
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/contacts/${other.id}`,
      headers,
      payload: { firstName: 'A', lastName: 'B', phone: other.phone },
    });
    expect(same.statusCode).toBe(200);
  });

  it("the contact of an unknown number becomes its conversation's contact", async () => {
    const { org, team, headers } = await buildInbox();
    const phone = randomPhoneNumber();
    const conversation = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      address: phone,
      contactId: null,
    });
    const created = (
      await create(headers, { firstName: 'Inès', lastName: 'Nouvelle', phone })
    ).json<ContactDetails>();
    const read = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}`, headers });
    expect(read.json()).toMatchObject({
      contact: { id: created.id, fullname: 'Inès Nouvelle' },
      version: conversation.version + 1,
    });
  });

  it('the same phone in another organisation is free', async () => {
    const { headers } = await buildInbox();
    const theirs = await buildContact({});
    expect(
      (await create(headers, { firstName: 'Paul', lastName: 'Roy', phone: theirs.phone })).statusCode,
    ).toBe(201);
  });
});

describe('deleting a contact with a scheduled appointment', () => {
  it('is refused (400 contact-has-appointment), for the contact and for its main contact; allowed once it is cancelled', async () => {
    const a = await buildAgenda();
    const startsAt = new Date('2030-01-07T10:00:00-05:00').toISOString();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: a.userHeaders,
      payload: {
        professionalId: a.professional.id,
        categoryId: a.category.id,
        service: 'Nettoyage',
        startsAt,
        durationMinutes: 30,
        firstName: 'Léa',
        lastName: 'Bouchard',
        phone: randomPhoneNumber(),
        gender: 'female',
      },
    });
    expect(booked.statusCode).toBe(201);
    const appt = booked.json<{ id: string; contactId: string }>();
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/contacts/${appt.contactId}`,
      headers: a.userHeaders,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'contact-has-appointment',
      message: 'A contact with a scheduled appointment cannot be deleted.',
    });
    // A linked contact's appointment keeps its main contact too (deleting it would delete them both).
    const main = await buildContact({ organizationId: a.org.id });
    await t.deps.db.execute(
      sql`update contacts set linked_to_id = ${main.id}, relation = 'son', phone = ${main.phone} where id = ${appt.contactId}`,
    );
    expect(
      (
        await t.app.inject({ method: 'DELETE', url: `/api/contacts/${main.id}`, headers: a.userHeaders })
      ).json(),
    ).toMatchObject({ code: 'contact-has-appointment' });
    await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/cancel`,
      headers: a.userHeaders,
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contacts/${main.id}`, headers: a.userHeaders }))
        .statusCode,
    ).toBe(204);
  });
});

describe('deleting a contact whose appointment is under way', () => {
  it('is refused while it has started and not ended, allowed once it has ended', async () => {
    const a = await buildAgenda();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: a.userHeaders,
      payload: {
        professionalId: a.professional.id,
        categoryId: a.category.id,
        service: 'Nettoyage',
        startsAt: new Date('2030-01-07T10:00:00-05:00').toISOString(),
        durationMinutes: 30,
        firstName: 'Léa',
        lastName: 'Bouchard',
        phone: randomPhoneNumber(),
        gender: 'female',
      },
    });
    expect(booked.statusCode).toBe(201);
    const appt = booked.json<{ id: string; contactId: string }>();
    // Started ten minutes ago, ends in twenty.
    await t.deps.db.execute(
      sql`update appointments set starts_at = now() - interval '10 minutes', ends_at = now() + interval '20 minutes' where id = ${appt.id}`,
    );
    const del = () =>
      t.app.inject({ method: 'DELETE', url: `/api/contacts/${appt.contactId}`, headers: a.userHeaders });
    const refused = await del();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'contact-has-appointment',
      details: { contactId: appt.contactId },
    });
    // Ended a minute ago: nothing scheduled any more.
    await t.deps.db.execute(
      sql`update appointments set starts_at = now() - interval '31 minutes', ends_at = now() - interval '1 minute' where id = ${appt.id}`,
    );
    expect((await del()).statusCode).toBe(204);
  });
});

describe('linked contacts', () => {
  it("share the main contact's phone, carry a relation and a non-empty name, and go with it when it is deleted", async () => {
    const { org, headers } = await buildInbox();
    const main = await buildContact({ organizationId: org.id, firstName: 'Marie', lastName: 'Gagnon' });
    const res = await create(headers, {
      firstName: 'Léo',
      lastName: 'Gagnon',
      linkedToId: main.id,
      relation: 'son',
      phone: '514-555-9999',
    });
    expect(res.statusCode).toBe(201);
    const son = res.json<ContactDetails>();
    expect(son).toMatchObject({ phone: main.phone, linkedToId: main.id, relation: 'son' });
    const daughter = (
      await create(headers, { firstName: 'Zoé', lastName: 'Gagnon', linkedToId: son.id })
    ).json<ContactDetails>();
    // Linked to a linked contact: tied to its main contact; relation none by default.
    expect(daughter).toMatchObject({ linkedToId: main.id, relation: 'none', phone: main.phone });
    expect(
      (await create(headers, { firstName: '', lastName: ' ', linkedToId: main.id, relation: 'wife' })).json(),
    ).toMatchObject({ code: 'contact-name-required' });

    const read = (
      await t.app.inject({ method: 'GET', url: `/api/contacts/${main.id}`, headers })
    ).json<ContactDetails>();
    expect(read.linkedContacts).toEqual(
      expect.arrayContaining([
        { id: son.id, fullname: 'Léo Gagnon', relation: 'son' },
        { id: daughter.id, fullname: 'Zoé Gagnon', relation: 'none' },
      ]),
    );
    // The main contact's new phone goes to its linked contacts.
    const phone = randomPhoneNumber();
    await t.app.inject({
      method: 'PUT',
      url: `/api/contacts/${main.id}`,
      headers,
      payload: { firstName: 'Marie', lastName: 'Gagnon', phone },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/contacts/${son.id}`, headers })).json(),
    ).toMatchObject({ phone });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contacts/${main.id}`, headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/contacts/${son.id}`, headers })).statusCode).toBe(
      404,
    );
  });
});

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
