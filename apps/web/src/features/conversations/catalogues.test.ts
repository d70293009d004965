import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', '..');
const LOCALES = ['fr-CA', 'en-CA', 'fr-FR'];

function load(locale: string, file: string): Record<string, string> {
  return JSON.parse(readFileSync(join(src, 'locales', locale, file), 'utf8')) as Record<string, string>;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Literal ids in the code (`'conversations.x.y'`); dynamic ids are listed by hand below. */
function usedIds(prefix: string, files: string[]): Set<string> {
  const ids = new Set<string>();
  const re = new RegExp(`['"](${prefix}\\.[A-Za-z0-9.-]+[A-Za-z0-9])['"]`, 'g');
  for (const file of files) for (const m of readFileSync(file, 'utf8').matchAll(re)) ids.add(m[1]!);
  return ids;
}

describe.each([
  {
    prefix: 'conversations',
    file: 'conversations.json',
    dirs: ['features/conversations', 'components/contact-avatar.tsx'],
  },
  { prefix: 'sandboxPhone', file: 'sandbox-phone.json', dirs: ['features/sandbox-phone'] },
  { prefix: 'notes', file: 'notes.json', dirs: ['features/conversations'] },
])('$file catalogues', ({ prefix, file, dirs }) => {
  const catalogues = LOCALES.map((l) => load(l, file));
  const files = dirs.flatMap((d) => (d.endsWith('.tsx') ? [join(src, d)] : sources(join(src, d))));

  it('hold the same ids in fr-CA, en-CA and fr-FR, all prefixed and non-empty', () => {
    const reference = Object.keys(catalogues[0]!).sort();
    for (const catalogue of catalogues) {
      expect(Object.keys(catalogue).sort()).toEqual(reference);
      for (const [id, text] of Object.entries(catalogue)) {
        expect(id.startsWith(`${prefix}.`)).toBe(true);
        expect(text.trim()).not.toBe('');
      }
    }
  });

  it('have every id the code uses', () => {
    const missing = [...usedIds(prefix, files)].filter((id) => !(id in catalogues[0]!));
    expect(missing).toEqual([]);
  });
});

describe('dynamic conversations ids', () => {
  const catalogue = load('fr-CA', 'conversations.json');
  it.each([
    'conversations.status.sending',
    'conversations.status.sent',
    'conversations.status.delivered',
    'conversations.status.failed',
    'conversations.toast.archive',
    'conversations.toast.unarchive',
    'conversations.new.error.phone-invalid',
    'conversations.new.error.phone-required',
    'conversations.new.error.body-too-long',
  ])('%s exists', (id) => expect(catalogue[id]).toBeTruthy());
});
