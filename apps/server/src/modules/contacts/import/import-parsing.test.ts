import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../csv-cells';
import { detectTextEncoding } from './decode-text';
import { detectImportKind, type ImportKind } from './detect-format';
import { assertImportColumns, isHeaderRow } from './import-columns';
import { parseImportDate, parseImportRow } from './import-row';
import { detectDelimiter, readImportRows } from './read-rows';
import { scanImportFile } from './scan-import-file';
import { assertZipIsNotABomb } from './zip-guard';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function rowsOf(file: Buffer, kind: ImportKind) {
  const rows: string[][] = [];
  for await (const row of readImportRows(file, kind)) rows.push(row.cells);
  return rows;
}

/** What each data row of the fixtures becomes: imported (its phone) or the reason it is skipped. */
function outcomes(rows: string[][]) {
  const data = isHeaderRow(rows[0]!) ? rows.slice(1) : rows;
  return data.map((cells) => {
    const r = parseImportRow(cells, 'CA');
    return r.ok ? r.fields.phone : r.reason;
  });
}

// Row 5 repeats row 1's phone: the parser accepts it, the import skips it as duplicate-phone.
const EXPECTED = [
  '+15145550101',
  '+14385550102',
  'missing-name',
  'invalid-phone',
  '+15145550101',
  'invalid-email',
  'invalid-date',
  '+15145550108',
  'invalid-language',
];

describe('import files written by spreadsheet programs', () => {
  for (const [name, kind] of [
    ['contacts-utf8-bom-comma.csv', 'csv'],
    ['contacts-windows1252-semicolon.csv', 'csv'],
    ['contacts.xlsx', 'xlsx'],
    ['contacts.xls', 'xls'],
  ] as const) {
    it(`${name}: detected as ${kind}, header skipped, accents kept, each row imported or skipped with its reason`, async () => {
      const file = fixture(name);
      expect(detectImportKind(file)).toBe(kind);
      const rows = await rowsOf(file, kind);
      expect(rows[0]![0]).toBe('Prénom');
      expect(isHeaderRow(rows[0]!)).toBe(true);
      expect(rows[1]!.slice(0, 2)).toEqual(['Hélène', 'Côté']);
      expect(outcomes(rows)).toEqual(EXPECTED);
      const helene = parseImportRow(rows[1]!, 'CA');
      expect(helene).toMatchObject({
        ok: true,
        fields: {
          birthday: '1984-03-15',
          language: 'fr',
          gender: 'female',
          city: 'Montréal',
          note: 'Allergie à la pénicilline',
        },
      });
      const francois = parseImportRow(rows[2]!, 'CA');
      expect(francois).toMatchObject({
        ok: true,
        fields: { birthday: '1990-07-02', language: 'en', gender: 'male', email: null },
      });
      // A formula is text: never evaluated, kept as typed (the export escapes it).
      expect(parseImportRow(rows[8]!, 'CA')).toMatchObject({
        ok: true,
        fields: { note: '=HYPERLINK("http://evil.example","clic")' },
      });
      expect(await scanImportFile(file, kind)).toEqual({ hasHeader: true, dataRows: 9 });
    });
  }

  it('detects the encodings: UTF-8 with a BOM, Windows-1252 without', () => {
    expect(detectTextEncoding(fixture('contacts-utf8-bom-comma.csv'))).toBe('utf-8');
    expect(detectTextEncoding(fixture('contacts-windows1252-semicolon.csv'))).toBe('windows-1252');
    expect(detectTextEncoding(fixture('contacts-no-header-tab.csv'))).toBe('utf-8');
  });

  it('detects comma, semicolon and tab, ignoring those inside quotes', () => {
    expect(detectDelimiter('a,b,c')).toBe(',');
    expect(detectDelimiter('a;b;"c,d,e"')).toBe(';');
    expect(detectDelimiter('a\tb\tc;d')).toBe('\t');
    expect(detectDelimiter('abc')).toBe(',');
  });

  it('reads a file without a header row from its first row', async () => {
    const file = fixture('contacts-no-header-tab.csv');
    const rows = await rowsOf(file, 'csv');
    expect(isHeaderRow(rows[0]!)).toBe(false);
    expect(await scanImportFile(file, 'csv')).toEqual({ hasHeader: false, dataRows: 2 });
  });

  it('reads only the head of a long sheet at the upload: its width checked there, its rows counted from its range', async () => {
    const sheet = [
      ['Prénom', 'Nom', 'Téléphone'],
      ...Array.from({ length: 150 }, (_, i) =>
        i === 118 ? [] : [`Léa${i}`, 'Roy', `514-555-${String(1000 + i)}`],
      ),
    ];
    sheet.push(Array.from({ length: 12 }, () => 'trop large'));
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Contacts');
    const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    // 151 lines under the header, one of them blank: counted, as the row too wide past the head
    // is (the import skips it as cell-too-long and ends with the count it found).
    expect(await scanImportFile(file, 'xlsx')).toEqual({ hasHeader: true, dataRows: 151 });
    expect((await rowsOf(file, 'xlsx')).length).toBe(151);
  });

  it('reads only the head of a long CSV at the upload: the rows after it counted from its lines', async () => {
    const lines = [
      'Prénom,Nom,Téléphone',
      ...Array.from({ length: 150 }, (_, i) => `Léa${i},Roy,514-555-${String(1000 + i)}`),
    ];
    expect(await scanImportFile(Buffer.from(lines.join('\r\n')), 'csv')).toEqual({
      hasHeader: true,
      dataRows: 150,
    });
    expect(await scanImportFile(Buffer.from(lines.join('\n') + '\n'), 'csv')).toEqual({
      hasHeader: true,
      dataRows: 150,
    });
    // Past the head, a blank line and a line break inside a quoted cell are counted as lines:
    // an estimate, which the import's end replaces by the count it found.
    lines.splice(140, 0, '', 'Zoé,Roy,514-555-2000,,,,,,,,"deux\nlignes"');
    expect(await scanImportFile(Buffer.from(lines.join('\n')), 'csv')).toEqual({
      hasHeader: true,
      dataRows: 153,
    });
    expect((await rowsOf(Buffer.from(lines.join('\n')), 'csv')).length).toBe(152);
  });

  it('streams an XLSX sheet: shared and inline strings, dates by their style, numbers, booleans, formulas as saved, the first sheet only', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Léa & <Zoé>', 'O"Neil', 5145551234, true, 3.25, new Date(Date.UTC(1980, 4, 17)), 'x'.repeat(32_767)],
      [],
      ['Zoé', '', '', '=1+2'],
    ]);
    sheet.H1 = { t: 'n', f: 'SUM(1,2)', v: 3 };
    sheet['!ref'] = 'A1:H3';
    for (const bookSST of [true, false]) {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Contacts');
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Other sheet']]), 'Other');
      const file = XLSX.write(book, {
        type: 'buffer',
        bookType: 'xlsx',
        bookSST,
        compression: true,
      }) as Buffer;
      const rows: { line: number; cells: string[] }[] = [];
      for await (const row of readImportRows(file, 'xlsx')) rows.push(row);
      expect(rows.map((r) => r.line)).toEqual([1, 3]);
      // A cell as long as Excel allows is read whole (the row is then skipped as cell-too-long).
      expect(rows[0]!.cells.map((c) => (c.length > 100 ? c.length : c))).toEqual([
        'Léa & <Zoé>',
        'O"Neil',
        '5145551234',
        'true',
        '3.25',
        '1980-05-17',
        32_767,
        '3',
      ]);
      expect(rows[1]!.cells).toEqual(['Zoé', '', '', '=1+2']);
    }
  });

  it('refuses, before importing anything, a file with the wrong columns', async () => {
    await expect(scanImportFile(fixture('wrong-columns.csv'), 'csv')).rejects.toMatchObject({
      code: 'import-file-invalid',
      message: expect.stringContaining('Column 1 is "Name"'),
    });
    expect(() => assertImportColumns(null, [Array.from({ length: 12 }, () => 'x')])).toThrow(/12 columns/);
    expect(() => assertImportColumns(null, [['Hélène', 'Côté']])).toThrow(/2 columns/);
  });

  it('refuses what is not a spreadsheet: empty, binary, an image', () => {
    expect(() => detectImportKind(Buffer.alloc(0))).toThrow(/empty/);
    expect(() =>
      detectImportKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
    ).toThrow(/not a CSV/);
    expect(() => detectImportKind(Buffer.from('%PDF-1.7\n\x00\x01\x02'))).toThrow(/not a CSV/);
  });

  it('refuses an XLSX whose parts declare more than a spreadsheet holds (zip bomb), before inflating it', () => {
    expect(() => assertZipIsNotABomb(fixture('contacts.xlsx'))).not.toThrow();
    const bomb = Buffer.from(fixture('contacts.xlsx'));
    // Claim 3 GB uncompressed for the first part of the central directory.
    const eocd = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const directory = bomb.readUInt32LE(eocd + 16);
    bomb.writeUInt32LE(3_000_000_000, directory + 24);
    expect(() => assertZipIsNotABomb(bomb)).toThrow(/expands/);
    expect(() => assertZipIsNotABomb(Buffer.from('PK\x03\x04 no directory'))).toThrow(/damaged/);
  });
});

describe('import rows', () => {
  const row = (over: Record<number, string>) =>
    Array.from({ length: 11 }, (_, i) => over[i] ?? ['Léa', 'Roy', '514-555-1234'][i] ?? '');

  it('reads phones as people write them', () => {
    for (const phone of [
      '514-555-1234',
      '(514) 555-1234',
      '+1 514 555 1234',
      '5145551234',
      '514.555.1234',
      '1-514-555-1234',
    ]) {
      expect(parseImportRow(row({ 2: phone }), 'CA')).toMatchObject({
        ok: true,
        fields: { phone: '+15145551234' },
      });
    }
    expect(parseImportRow(row({ 2: '' }), 'CA')).toMatchObject({ ok: true, fields: { phone: null } });
  });

  it('reads dates day first or ISO, and refuses days that do not exist', () => {
    expect(parseImportDate('15/03/1984')).toBe('1984-03-15');
    expect(parseImportDate('5/3/1984')).toBe('1984-03-05');
    expect(parseImportDate('15-03-1984')).toBe('1984-03-15');
    expect(parseImportDate('15.03.1984')).toBe('1984-03-15');
    expect(parseImportDate('1984-03-15')).toBe('1984-03-15');
    expect(parseImportDate('1984/3/5')).toBe('1984-03-05');
    expect(parseImportDate('')).toBeNull();
    for (const bad of ['31/02/1980', '1984-13-01', '03/15/1984', 'hier', '15/03/1850', '15/03/2990'])
      expect(parseImportDate(bad)).toBe('invalid');
  });

  it('skips a row with a cell longer than its field (a 1 MB cell) before reading anything else', () => {
    expect(parseImportRow(row({ 10: 'x'.repeat(1024 * 1024) }), 'CA')).toEqual({
      ok: false,
      reason: 'cell-too-long',
    });
    expect(parseImportRow(row({ 0: '', 10: 'x'.repeat(3000) }), 'CA')).toEqual({
      ok: false,
      reason: 'cell-too-long',
    });
  });

  it('reads languages and genders in French and English; blank gender is male', () => {
    expect(parseImportRow(row({ 8: 'Français', 9: 'Femme' }), 'CA')).toMatchObject({
      ok: true,
      fields: { language: 'fr', gender: 'female' },
    });
    expect(parseImportRow(row({ 8: 'English', 9: 'male' }), 'CA')).toMatchObject({
      ok: true,
      fields: { language: 'en', gender: 'male' },
    });
    expect(parseImportRow(row({}), 'CA')).toMatchObject({
      ok: true,
      fields: { language: null, gender: 'male' },
    });
    expect(parseImportRow(row({ 9: 'autre' }), 'CA')).toEqual({ ok: false, reason: 'invalid-gender' });
  });

  it('takes back the quote the export puts before a formula-looking cell', () => {
    expect(parseImportRow(row({ 10: csvCell('=1+2') }), 'CA')).toMatchObject({
      ok: true,
      fields: { note: '=1+2' },
    });
  });
});

describe('CSV cells of the exports', () => {
  it('escapes formulas and quotes', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+15145551234')).toBe("'+15145551234");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('Hélène')).toBe('Hélène');
    expect(csvCell(null)).toBe('');
  });
});
