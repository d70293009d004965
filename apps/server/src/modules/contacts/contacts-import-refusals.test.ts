import type { ContactImport } from '@accueil/domain';
import { once } from 'node:events';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import { contactImportRequests, importFixture } from '../../test/contact-import-requests';
import { describe, expect, it } from 'vitest';
import { buildInbox } from '../../test/conversation-factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const fixture = importFixture;
const { upload, waitForImport, contactsOf } = contactImportRequests(t);

/**
 * Contact imports that must be refused or defused before anything is imported: wrong columns,
 * files that are no spreadsheet, oversized uploads, zip bombs, lying XLSX references, huge or
 * formula cells, and characters kept as typed (docs/behaviour/contacts.md, "Import").
 */
describe('POST /api/contacts/import with hostile or malformed files', () => {
  it('refuses before importing anything: wrong columns, not a spreadsheet, no rows, no file field', async () => {
    const { headers } = await buildInbox();
    const cases: [string, Buffer, RegExp, string?][] = [
      ['wrong-columns.csv', fixture('wrong-columns.csv'), /11 columns/],
      [
        'photo.png',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
        /not a CSV, XLS or XLSX/,
      ],
      ['fake.xlsx', Buffer.from('PK\x03\x04 this is not a workbook'), /damaged/],
      ['header-only.csv', Buffer.from('Prénom;Nom;Téléphone\r\n'), /no contact rows/],
      ['contacts.csv', fixture('contacts-utf8-bom-comma.csv'), /"file" field/, 'document'],
    ];
    for (const [name, data, message, field] of cases) {
      const res = await upload(headers, name, data, field);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({
        code: 'import-file-invalid',
        message: expect.stringMatching(message),
      });
    }
    expect((await contactsOf(headers)).total).toBe(0);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 413 to a file over 20 MB (a 50 MB upload), importing nothing', async () => {
    const { headers } = await buildInbox();
    const line = Buffer.from('Léa,Roy,514-555-0142,,,,,,,,\r\n');
    const big = Buffer.alloc(50 * 1024 * 1024, line.toString());
    const res = await upload(headers, 'big.csv', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload-too-large',
      message: expect.stringContaining('20 MB'),
    });
    expect((await contactsOf(headers)).total).toBe(0);
  });

  it('refuses a zip bomb disguised as XLSX, honest or lying about its size, before importing anything', async () => {
    const { headers } = await buildInbox();
    // 250 MB of one byte deflate to about 250 kB: declared (over the 200 MB a workbook may hold),
    // and claiming 1 kB (caught while inflating, at the 1 kB it declared).
    const inflated = 250 * 1024 * 1024;
    const deflated = await deflatedBytes(inflated);
    for (const [name, declared] of [
      ['honest.xlsx', inflated],
      ['lying.xlsx', 1024],
    ] as const) {
      const res = await upload(headers, name, zipOfOnePart('xl/worksheets/sheet1.xml', deflated, declared));
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({
        code: 'import-file-invalid',
        message: 'The XLSX file expands to more than a spreadsheet of contacts can hold.',
      });
    }
    expect((await contactsOf(headers)).total).toBe(0);
  });

  it("reads an XLSX whose references lie past any sheet (column ZZZZZZZZZZ, row 10^11) within Excel's bounds", async () => {
    const { headers } = await buildInbox();
    const text = (ref: string, v: string) => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
    const xml = `<?xml version="1.0"?><worksheet><dimension ref="A1:K99999999999"/><sheetData>
      <row r="1">${text('A1', 'Léa')}${text('B1', 'Roy')}${text('C1', '514-555-0142')}</row>
      <row r="99999999999">${text('ZZZZZZZZZZ99999999999', 'x')}</row></sheetData></worksheet>`;
    const part = deflateRawSync(Buffer.from(xml));
    const res = await upload(
      headers,
      'far.xlsx',
      zipOfOnePart('xl/worksheets/sheet1.xml', part, Buffer.byteLength(xml)),
    );
    // The far cell lands in Excel's last column (16,384): a row too wide, refused before importing.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'import-file-invalid',
      message: expect.stringContaining('A row has 16384 columns'),
    });
  });

  it('keeps a CSV with a 1 MB cell and formula cells harmless: the row is skipped, formulas are text', async () => {
    const { headers } = await buildInbox();
    const csv = [
      `Léa,Roy,514-555-0142,,,,,,,,${'x'.repeat(1024 * 1024)}`,
      'Zoé,Roy,514-555-0143,,,,,,,,"=HYPERLINK(""http://evil.example"",""clic"")"',
      '"=1+2",Roy,514-555-0144,,,,,,,,',
    ].join('\r\n');
    const res = await upload(headers, 'hostile.csv', Buffer.from(csv));
    const done = await waitForImport(headers, res.json<ContactImport>().id);
    expect(done).toMatchObject({ importedCount: 2, skippedCount: 1 });
    const skipped = await t.app.inject({
      method: 'GET',
      url: `/api/contacts/imports/${done.id}/skipped`,
      headers,
    });
    expect(skipped.body).toContain('1,cell-too-long,Cellule trop longue pour son champ,Léa,Roy');
    expect(skipped.body.length).toBeLessThan(4000);
    const exported = (await t.app.inject({ method: 'GET', url: '/api/contacts/export', headers })).body;
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"",""clic"")"`);
    expect(exported).toContain(`'=1+2,Roy`);
  });

  it('keeps every character of a cell as typed: quotes, backslashes, braces, commas, the word NULL', async () => {
    const { headers } = await buildInbox();
    const odd = [
      'NULL',
      'Roy \\ "le grand"',
      '514-555-0142',
      '',
      '',
      '{a,b} \\N',
      "Saint-'Jean'",
      '',
      '',
      '',
      'null, NULL, "x"',
    ];
    const csv = odd.map((c) => `"${c.replaceAll('"', '""')}"`).join(',');
    const done = await waitForImport(
      headers,
      (await upload(headers, 'odd.csv', Buffer.from(csv))).json<ContactImport>().id,
    );
    expect(done).toMatchObject({ importedCount: 1, skippedCount: 0 });
    const [contact] = (await contactsOf(headers)).items;
    expect(contact).toMatchObject({
      firstName: 'NULL',
      lastName: 'Roy \\ "le grand"',
      phone: '+15145550142',
      email: null,
      address: '{a,b} \\N',
      city: "Saint-'Jean'",
      note: 'null, NULL, "x"',
    });
  });
});

/** `size` bytes of '<' deflated, written 1 MB at a time (the test never holds the inflated bytes). */
async function deflatedBytes(size: number): Promise<Buffer> {
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const chunk = Buffer.alloc(1024 * 1024, 0x3c);
  for (let written = 0; written < size; written += chunk.length) {
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(out);
}

/** A zip of one deflated part whose headers declare `declaredSize` bytes uncompressed (CRC left at 0). */
function zipOfOnePart(name: string, deflated: Buffer, declaredSize: number): Buffer {
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(fileName.length, 28);
  const directoryOffset = local.length + fileName.length + deflated.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + fileName.length, 12);
  eocd.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, fileName, deflated, central, fileName, eocd]);
}
