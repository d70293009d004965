import { IMPORT_SKIPPED_ROWS_KEPT } from '@accueil/domain';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactImports, contactImportSkippedRows, contacts } from '../../../db/schema/contacts';
import { buildInbox } from '../../../test/conversation-factories';
import { buildContact } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import type { ContactFields } from '../contact-fields';
import { importBatchBuilder, writeImportBatch } from './import-batch';

const t = useTestApp();

/** An import of the organisation that has already skipped `skippedCount` rows. */
async function importOf(organizationId: string, skippedCount = 0) {
  const [row] = await t.deps.db
    .insert(contactImports)
    .values({
      organizationId,
      fileName: 'b.csv',
      kind: 'csv',
      status: 'running',
      totalRows: 10,
      skippedCount,
    })
    .returning();
  return { ...row!, file: null };
}

const cells = (first: string, phone: string, extra = '') => [first, 'Roy', phone, '', '', extra];

describe('writeImportBatch', () => {
  it('keeps the first skipped rows of the import in line order up to the limit, duplicates found by the insert included', async () => {
    const { org } = await buildInbox();
    await buildContact({ organizationId: org.id, firstName: 'Déjà', lastName: 'Là', phone: '+15145550170' });
    const state = await importOf(org.id, IMPORT_SKIPPED_ROWS_KEPT - 2);
    const batch = importBatchBuilder('CA');
    batch.add({ line: 3, cells: cells('Léa', 'pas un numéro') });
    batch.add({ line: 5, cells: cells('Zoé', '514-555-0170', '1 rue Principale') });
    batch.add({ line: 6, cells: cells('Noé', '514-555-0171') });
    batch.add({ line: 7, cells: cells('', '514-555-0172') });

    const after = await writeImportBatch(t.deps.db, state, batch.take(), '2026-11-24');

    expect(after).toMatchObject({
      id: state.id,
      processedRows: 4,
      importedCount: 1,
      skippedCount: IMPORT_SKIPPED_ROWS_KEPT + 1,
      file: null,
    });
    const kept = await t.deps.db
      .select()
      .from(contactImportSkippedRows)
      .where(eq(contactImportSkippedRows.importId, state.id))
      .orderBy(asc(contactImportSkippedRows.rowNumber));
    expect(kept.map((k) => [k.rowNumber, k.reason])).toEqual([
      [3, 'invalid-phone'],
      [5, 'duplicate-phone'],
    ]);
    expect(kept[1]!.cells).toEqual(cells('Zoé', '514-555-0170', '1 rue Principale'));
    const imported = await t.deps.db.select().from(contacts).where(eq(contacts.importId, state.id));
    expect(imported.map((c) => [c.firstName, c.phone, c.contactSince])).toEqual([
      ['Noé', '+15145550171', '2026-11-24'],
    ]);
  });

  it('writes a batch whole or not at all: a row the database refuses leaves no row, skipped row or count of the batch', async () => {
    const { org } = await buildInbox();
    const state = await importOf(org.id);
    const batch = importBatchBuilder('CA');
    batch.add({ line: 1, cells: cells('Léa', '514-555-0180') });
    batch.add({ line: 2, cells: cells('', '') });
    const prepared = batch.take();
    // A birthday no check would let through: the statement fails as a whole.
    const broken: ContactFields = {
      ...prepared.valid[0]!.fields,
      phone: '+15145550181',
      birthday: '2026-02-31',
    };
    prepared.valid.push({ line: 3, cells: ['Noé'], fields: broken });

    await expect(writeImportBatch(t.deps.db, state, prepared, '2026-11-24')).rejects.toThrow();

    expect(await t.deps.db.select().from(contacts).where(eq(contacts.importId, state.id))).toEqual([]);
    expect(
      await t.deps.db
        .select()
        .from(contactImportSkippedRows)
        .where(eq(contactImportSkippedRows.importId, state.id)),
    ).toEqual([]);
    const [row] = await t.deps.db.select().from(contactImports).where(eq(contactImports.id, state.id));
    expect(row).toMatchObject({ processedRows: 0, importedCount: 0, skippedCount: 0 });
  });
});
