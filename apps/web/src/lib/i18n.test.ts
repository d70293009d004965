import { ERROR_CODES, SUPPORTED_LOCALES } from '@accueil/domain';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildCatalogues,
  catalogues,
  intlFor,
  loadAllCatalogues,
  normalizeLocale,
  resolveLocale,
} from './i18n';

const files = import.meta.glob<unknown>('../locales/*/*.json', { eager: true, import: 'default' });

// The checks below read every locale's texts: all fetched first.
beforeAll(() => loadAllCatalogues());

describe('locale resolution', () => {
  it('maps English variants to en-CA, French ones to fr-CA, keeps fr-FR', () => {
    expect(['en', 'en-US', 'en_GB', 'EN-ca'].map(normalizeLocale)).toEqual([
      'en-CA',
      'en-CA',
      'en-CA',
      'en-CA',
    ]);
    expect(['fr', 'fr-CA', 'fr-BE', 'fr-CH'].map(normalizeLocale)).toEqual([
      'fr-CA',
      'fr-CA',
      'fr-CA',
      'fr-CA',
    ]);
    expect(normalizeLocale('fr-FR')).toBe('fr-FR');
    expect(normalizeLocale('de-DE')).toBeNull();
  });

  it('prefers the stored user locale, then ?lang=, then the browser, then fr-CA', () => {
    expect(resolveLocale({ userLocale: 'fr-FR', langParam: 'en', browserLanguages: ['en-US'] })).toBe(
      'fr-FR',
    );
    expect(resolveLocale({ langParam: 'en', browserLanguages: ['fr-CA'] })).toBe('en-CA');
    expect(resolveLocale({ browserLanguages: ['de-DE', 'en-GB', 'fr'] })).toBe('en-CA');
    expect(resolveLocale({ browserLanguages: ['de-DE'] })).toBe('fr-CA');
    expect(resolveLocale({})).toBe('fr-CA');
  });

  it('after ?lang=, the locale this browser last spoke for a signed-in user beats the browser languages', () => {
    expect(resolveLocale({ rememberedLocale: 'en-CA', browserLanguages: ['fr-CA'] })).toBe('en-CA');
    expect(resolveLocale({ langParam: 'fr', rememberedLocale: 'en-CA' })).toBe('fr-CA');
    expect(resolveLocale({ userLocale: 'fr-FR', rememberedLocale: 'en-CA' })).toBe('fr-FR');
    expect(resolveLocale({ rememberedLocale: 'xx', browserLanguages: ['en'] })).toBe('en-CA');
  });

  it('merges flat and nested namespace files per locale', () => {
    const c = buildCatalogues({
      '../locales/fr-CA/a.json': { 'a.x': 'X' },
      '../locales/fr-CA/b.json': { b: { y: 'Y' } },
      '../locales/xx-XX/c.json': { 'c.z': 'Z' },
    });
    expect(c['fr-CA']).toEqual({ 'a.x': 'X', 'b.y': 'Y' });
    expect(Object.keys(c)).toEqual([...SUPPORTED_LOCALES]);
  });
});

describe('catalogues', () => {
  it('have a text for every error code, network and timeout, in every locale', () => {
    for (const locale of SUPPORTED_LOCALES) {
      for (const code of [...ERROR_CODES, 'network', 'timeout']) {
        expect(catalogues[locale][`error.${code}`], `${locale} error.${code}`).toBeTruthy();
      }
    }
  });

  it('define every id of any catalogue in all three locales (all namespaces)', () => {
    const all = new Set(SUPPORTED_LOCALES.flatMap((l) => Object.keys(catalogues[l])));
    expect(all.size).toBeGreaterThan(0);
    for (const locale of SUPPORTED_LOCALES) {
      const missing = [...all].filter((id) => !(id in catalogues[locale]));
      expect(missing, `missing in ${locale}`).toEqual([]);
    }
  });

  it('prefix every id with its namespace (file name in camelCase; errors → error.)', () => {
    for (const [file, content] of Object.entries(files)) {
      const ns = /\/([^/]+)\.json$/.exec(file)![1]!;
      const prefix = ns === 'errors' ? 'error' : ns.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const keys = Object.keys(
        buildCatalogues({ [file]: content })[/locales\/([^/]+)\//.exec(file)![1] as 'fr-CA'] ?? {},
      );
      const wrong = keys.filter((k) => !k.startsWith(`${prefix}.`));
      expect(wrong, file).toEqual([]);
    }
  });

  it('hold valid ICU messages with the same placeholders in every locale', () => {
    const args = (msg: string) =>
      JSON.stringify(
        parse(msg)
          .flatMap((el) => ('value' in el && el.type !== TYPE.literal ? [String(el.value)] : []))
          .sort(),
      );
    for (const id of Object.keys(catalogues['fr-CA'])) {
      const ref = args(catalogues['fr-CA'][id]!);
      for (const locale of SUPPORTED_LOCALES) {
        const msg = catalogues[locale][id];
        if (msg !== undefined) expect(args(msg), `${locale} ${id}`).toBe(ref);
      }
    }
  });

  it('format through react-intl with values', () => {
    expect(intlFor('en-CA').formatMessage({ id: 'error.too-many-requests' }, { retry: 30 })).toBe(
      'Too many requests. Retry in 30 seconds.',
    );
    expect(intlFor('fr-CA').formatMessage({ id: 'login.retryIn' }, { minutes: 2 })).toBe(
      'Réessayez dans 2 minutes.',
    );
  });
});
