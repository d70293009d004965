import type { ContactDetails } from '@accueil/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactAddresses } from '../../db/schema/contact-addresses';
import { contacts } from '../../db/schema/contacts';
import { conversations } from '../../db/schema/conversations';
import { buildInbox, inboundText } from '../../test/conversation-factories';
import { buildContact, buildOrganization } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { recordInboundText } from '../messages/index';
import { findContactByAddress, findContactIdsByPhones } from './index';

const t = useTestApp();

/** The contact's addresses as [kind, address, position], in a stable order. */
async function addressesOf(contactId: string) {
  const rows = await t.deps.db
    .select()
    .from(contactAddresses)
    .where(eq(contactAddresses.contactId, contactId))
    .orderBy(asc(contactAddresses.kind), asc(contactAddresses.position), asc(contactAddresses.address));
  return rows.map((r) => [r.kind, r.address, r.position]);
}

async function save(headers: Record<string, string>, body: Record<string, unknown>, id?: string) {
  const res = await t.app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/contacts/${id}` : '/api/contacts',
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(id ? 200 : 201);
  return res.json<ContactDetails>();
}

// docs/architecture.md, "Channels": a contact's addresses, kept in step with its phone and e-mail.
describe('contact addresses', () => {
  it("writes a contact's phone and e-mail as its primary addresses, normalised, and follows their changes", async () => {
    const { headers } = await buildInbox();
    const created = await save(headers, {
      firstName: 'Léa',
      lastName: 'Roy',
      phone: '(514) 555-0142',
      email: 'Lea.Roy@Example.CA',
    });
    expect(await addressesOf(created.id)).toEqual([
      ['email', 'lea.roy@example.ca', 0],
      ['phone', '+15145550142', 0],
    ]);
    await save(headers, { firstName: 'Léa', lastName: 'Roy', phone: '514 555 0143' }, created.id);
    expect(await addressesOf(created.id)).toEqual([['phone', '+15145550143', 0]]);
    await t.app.inject({ method: 'DELETE', url: `/api/contacts/${created.id}`, headers });
    expect(await addressesOf(created.id)).toEqual([]);
  });

  it("gives a linked contact its main contact's phone, and moves it with the main contact's", async () => {
    const { org, headers } = await buildInbox();
    const main = await save(headers, { firstName: 'Luc', lastName: 'Roy', phone: '514 555 0150' });
    const child = await save(headers, {
      firstName: 'Éva',
      lastName: 'Roy',
      linkedToId: main.id,
      relation: 'daughter',
    });
    expect(await addressesOf(child.id)).toEqual([['phone', '+15145550150', 0]]);
    await save(headers, { firstName: 'Luc', lastName: 'Roy', phone: '514 555 0151' }, main.id);
    expect(await addressesOf(child.id)).toEqual([['phone', '+15145550151', 0]]);
    // The main contact is still the one a text from that number reaches.
    const found = await findContactByAddress(t.deps.db, org.id, 'phone', '+15145550151');
    expect(found?.id).toBe(main.id);
    // Among main contacts a phone stays unique (the database refuses a second one).
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers,
      payload: { firstName: 'Autre', lastName: 'Roy', phone: '514 555 0151' },
    });
    expect(taken.json()).toMatchObject({ code: 'contact-phone-exists' });
  });

  it('is written by any writer of contacts, a direct insert included (imports, bookings, seeds)', async () => {
    const contact = await buildContact({ phone: '+15145550160', email: '  Max@Example.com ' });
    expect(await addressesOf(contact.id)).toEqual([
      ['email', 'max@example.com', 0],
      ['phone', '+15145550160', 0],
    ]);
    await t.deps.db.update(contacts).set({ email: null }).where(eq(contacts.id, contact.id));
    expect(await addressesOf(contact.id)).toEqual([['phone', '+15145550160', 0]]);
  });

  it("matches an inbound text's sender by any of the contact's addresses, not only the primary one", async () => {
    const { org, team } = await buildInbox();
    const contact = await buildContact({ organizationId: org.id, phone: '+15145550170' });
    await t.deps.db.insert(contactAddresses).values({
      organizationId: org.id,
      contactId: contact.id,
      kind: 'phone',
      address: '+15145550171',
      position: 1,
    });
    const { conversationId } = await recordInboundText(
      t.deps,
      inboundText({ to: team.phoneNumber!, from: '+15145550171' }),
    );
    const [conv] = await t.deps.db.select().from(conversations).where(eq(conversations.id, conversationId!));
    expect(conv!.contactId).toBe(contact.id);
    const byPhone = await findContactIdsByPhones(t.deps.db, org.id, ['+15145550171', '+15145550172']);
    expect([...byPhone]).toEqual([['+15145550171', contact.id]]);
  });

  it("never matches another organisation's contact with the same number", async () => {
    const { org, team } = await buildInbox();
    const other = await buildOrganization();
    const theirs = await buildContact({
      organizationId: other.id,
      phone: '+15145550180',
      email: 'x@example.ca',
    });
    const { conversationId } = await recordInboundText(
      t.deps,
      inboundText({ to: team.phoneNumber!, from: '+15145550180' }),
    );
    const [conv] = await t.deps.db.select().from(conversations).where(eq(conversations.id, conversationId!));
    expect(conv!.contactId).toBeNull();
    expect(await findContactByAddress(t.deps.db, org.id, 'phone', '+15145550180')).toBeNull();
    expect(await findContactByAddress(t.deps.db, org.id, 'email', 'x@example.ca')).toBeNull();
    expect((await findContactByAddress(t.deps.db, other.id, 'email', 'x@example.ca'))?.id).toBe(theirs.id);
    expect(await findContactIdsByPhones(t.deps.db, org.id, ['+15145550180'])).toEqual(new Map());
  });
});
