import type { ContactImport } from '@accueil/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { contactImportRequests, importFixture } from '../../test/contact-import-requests';
import { describe, expect, it, vi } from 'vitest';
import { contactAddresses } from '../../db/schema/contact-addresses';
import { contacts } from '../../db/schema/contacts';
import { buildInbox } from '../../test/conversation-factories';
import { buildContact } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const fixture = importFixture;
const { upload, waitForImport, contactsOf } = contactImportRequests(t);

describe('POST /api/contacts/import', () => {
  for (const name of [
    'contacts-utf8-bom-comma.csv',
    'contacts-windows1252-semicolon.csv',
    'contacts.xlsx',
    'contacts.xls',
  ]) {
    it(`${name}: imports the good rows in the background, counts and lists the skipped ones with their reasons`, async () => {
      const { user, headers } = await buildInbox();
      const publish = vi.spyOn(t.deps.realtime, 'publish');
      const res = await upload(headers, name, fixture(name));
      expect(res.statusCode).toBe(202);
      const started = res.json<ContactImport>();
      expect(started).toMatchObject({ fileName: name, status: 'queued', totalRows: 9, processedRows: 0 });
      const done = await waitForImport(headers, started.id);
      expect(done).toMatchObject({
        status: 'done',
        totalRows: 9,
        processedRows: 9,
        importedCount: 3,
        skippedCount: 6,
        error: null,
      });

      const progress = publish.mock.calls.filter(
        ([room, event, payload]) =>
          room === `user:${user.id}` &&
          event === 'contact-import:progress' &&
          (payload as { import: ContactImport }).import.id === started.id,
      );
      expect(progress.map(([, , p]) => (p as { import: ContactImport }).import.status)).toEqual([
        'running',
        'running',
        'done',
      ]);
      publish.mockRestore();

      const book = await contactsOf(headers);
      expect(book.items.map((c) => c.fullname).sort()).toEqual([
        'François Bélanger',
        'Hélène Côté',
        'Josée Ouellet',
      ]);
      expect(book.items.find((c) => c.firstName === 'Hélène')).toMatchObject({
        phone: '+15145550101',
        birthday: '1984-03-15',
        city: 'Montréal',
        gender: 'female',
        language: 'fr',
      });
      expect(book.items.find((c) => c.firstName === 'François')).toMatchObject({ phone: '+14385550102' });

      const skipped = await t.app.inject({
        method: 'GET',
        url: `/api/contacts/imports/${started.id}/skipped`,
        headers,
      });
      expect(skipped.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = skipped.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Ligne,Code,Raison,First name,Last name,Phone,E-mail,Birthday,Address,City,Postal code,Language,Gender,Note',
      );
      expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
        '4,missing-name,Prénom ou nom manquant',
        '5,invalid-phone,Numéro de téléphone invalide',
        '6,duplicate-phone,Numéro déjà celui d’un autre contact',
        '7,invalid-email,Courriel invalide',
        '8,invalid-date,Date de naissance invalide',
        '10,invalid-language,Langue autre que français ou anglais',
      ]);
      const english = await t.app.inject({
        method: 'GET',
        url: `/api/contacts/imports/${started.id}/skipped?locale=en-CA`,
        headers,
      });
      const englishLines = english.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(englishLines[0]).toMatch(/^Line,Code,Reason,First name,/);
      expect(englishLines[1]).toMatch(/^4,missing-name,First or last name missing,/);
      expect(done.skippedReasons).toEqual([
        { reason: 'duplicate-phone', count: 1 },
        { reason: 'invalid-date', count: 1 },
        { reason: 'invalid-email', count: 1 },
        { reason: 'invalid-language', count: 1 },
        { reason: 'invalid-phone', count: 1 },
        { reason: 'missing-name', count: 1 },
      ]);
    });
  }

  it('skips a row whose phone is already a contact of the organisation', async () => {
    const { org, headers } = await buildInbox();
    await buildContact({ organizationId: org.id, phone: '+15145550101' });
    const res = await upload(headers, 'c.csv', fixture('contacts-utf8-bom-comma.csv'));
    const done = await waitForImport(headers, res.json<ContactImport>().id);
    expect(done).toMatchObject({ importedCount: 2, skippedCount: 7 });
    expect(done.skippedReasons[0]).toEqual({ reason: 'duplicate-phone', count: 2 });
    // The imported contacts' phones are their addresses (what inbound texts are matched by).
    const phones = await t.deps.db
      .select({ id: contacts.id, phone: contacts.phone })
      .from(contacts)
      .where(and(eq(contacts.organizationId, org.id), isNotNull(contacts.importId)));
    const addresses = await t.deps.db
      .select({ id: contactAddresses.contactId, phone: contactAddresses.address })
      .from(contactAddresses)
      .where(and(eq(contactAddresses.organizationId, org.id), eq(contactAddresses.kind, 'phone')));
    expect(phones.filter((p) => p.phone).length).toBeGreaterThan(0);
    expect(addresses).toEqual(expect.arrayContaining(phones.filter((p) => p.phone)));
  });
});
