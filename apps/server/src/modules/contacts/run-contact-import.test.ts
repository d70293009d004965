import { IMPORT_BATCH_ROWS, type ContactImport } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { contactImportRequests, importFixture } from '../../test/contact-import-requests';
import { describe, expect, it, vi } from 'vitest';
import { StorageNotFoundError } from '../../carriers/storage/storage-carrier';
import { newOrganizationFileKey } from '../../carriers/storage/stored-files';
import { contactImports } from '../../db/schema/contacts';
import { buildInbox } from '../../test/conversation-factories';
import { buildContact } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { runContactImport } from './run-contact-import';

/* The import-contacts job's run: batches, progress, resuming, and the uploaded file's life in the storage carrier. */
const t = useTestApp();

const fixture = importFixture;
const { upload, waitForImport, contactsOf } = contactImportRequests(t);

/** An import as a finished upload leaves it: its CSV file in the storage carrier, its row naming it. */
async function storedImport(
  data: Buffer,
  values: Omit<typeof contactImports.$inferInsert, 'kind' | 'fileStorageKey'>,
): Promise<typeof contactImports.$inferSelect> {
  const fileStorageKey = newOrganizationFileKey(values.organizationId, 'imports');
  await t.deps.storage.put(fileStorageKey, data, { contentType: 'text/csv' });
  const [row] = await t.deps.db
    .insert(contactImports)
    .values({ ...values, kind: 'csv', fileStorageKey, fileSize: data.length })
    .returning();
  return row!;
}

describe('the import-contacts job', () => {
  it('skips a phone met in an earlier batch of the file as a duplicate, in the order of the file', async () => {
    const { org, user, headers } = await buildInbox();
    // One row over a batch, then the first row's phone again: found by the insert, not in the batch.
    const rows = Array.from(
      { length: IMPORT_BATCH_ROWS + 1 },
      (_, i) => `Léa${i},Roy,+1514${String(2_000_000 + i)},,,,,,,,`,
    );
    rows.push('Zoé,Roy,+15142000000,,,,,,,,');
    const row = await storedImport(Buffer.from(rows.join('\r\n')), {
      organizationId: org.id,
      userId: user.id,
      fileName: 'b.csv',
      totalRows: rows.length,
    });
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    expect(await runContactImport(t.deps, row.id)).toEqual({
      status: 'done',
      imported: IMPORT_BATCH_ROWS + 1,
      skipped: 1,
    });
    const progress = publish.mock.calls.map(([, , p]) => (p as { import: ContactImport }).import);
    publish.mockRestore();
    expect(progress.map((p) => [p.status, p.processedRows])).toEqual([
      ['running', 0],
      ['running', IMPORT_BATCH_ROWS],
      ['running', rows.length],
      ['done', rows.length],
    ]);
    const skipped = await t.app.inject({
      method: 'GET',
      url: `/api/contacts/imports/${row.id}/skipped`,
      headers,
    });
    expect(skipped.body).toContain(`${rows.length},duplicate-phone,`);
  });

  it('resumes after a restart from the last written batch, and leaves an ended import alone', async () => {
    const { org, user, headers } = await buildInbox();
    const rows = Array.from({ length: 5 }, (_, i) => `Léa${i},Roy,514-555-01${String(60 + i)},,,,,,,,`).join(
      '\r\n',
    );
    // What a process that died after writing the first 2 rows leaves behind.
    await buildContact({ organizationId: org.id, firstName: 'Léa0', lastName: 'Roy', phone: '+15145550160' });
    await buildContact({ organizationId: org.id, firstName: 'Léa1', lastName: 'Roy', phone: '+15145550161' });
    const row = await storedImport(Buffer.from(rows), {
      organizationId: org.id,
      userId: user.id,
      fileName: 'r.csv',
      status: 'running',
      totalRows: 5,
      processedRows: 2,
      importedCount: 2,
    });
    expect(await runContactImport(t.deps, row.id)).toEqual({ status: 'done', imported: 5, skipped: 0 });
    expect((await contactsOf(headers)).total).toBe(5);
    const [after] = await t.deps.db.select().from(contactImports).where(eq(contactImports.id, row.id));
    expect(after!.fileStorageKey).toBeNull();
    await expect(t.deps.storage.get(row.fileStorageKey!)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await runContactImport(t.deps, row.id)).toEqual({ status: 'done', imported: 5, skipped: 0 });
    expect((await contactsOf(headers)).total).toBe(5);
  });

  it('keeps the uploaded file in the storage carrier until the import ends, and fails an import whose file is gone', async () => {
    const { org, user, headers } = await buildInbox();
    const put = vi.spyOn(t.deps.storage, 'put');
    const res = await upload(headers, 'c.csv', fixture('contacts-utf8-bom-comma.csv'));
    const keys = put.mock.calls.map(([key]) => key);
    put.mockRestore();
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^org/${org.id}/imports/`))]);
    expect((await waitForImport(headers, res.json<ContactImport>().id)).status).toBe('done');
    const [ended] = await t.deps.db
      .select()
      .from(contactImports)
      .where(eq(contactImports.id, res.json<ContactImport>().id));
    expect([ended!.fileStorageKey, ended!.fileSize]).toEqual([
      null,
      fixture('contacts-utf8-bom-comma.csv').length,
    ]);
    await expect(t.deps.storage.get(keys[0]!)).rejects.toBeInstanceOf(StorageNotFoundError);

    const lost = await storedImport(Buffer.from('Léa,Roy,514-555-0160,,,,,,,,'), {
      organizationId: org.id,
      userId: user.id,
      fileName: 'lost.csv',
      totalRows: 1,
    });
    await t.deps.storage.delete(lost.fileStorageKey!);
    expect(await runContactImport(t.deps, lost.id)).toEqual({ status: 'failed', imported: 0, skipped: 0 });
  });
});
