import type { ContactDetails } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { contactRequests } from '../../test/contact-requests';
import { buildContact, randomPhoneNumber } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
const { create } = contactRequests(t);

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
