import { describe, expect, it } from 'vitest';
import { catalogues, hasCoreCatalogue, intlFor, loadCoreCatalogue, subscribeCatalogues } from './i18n';

// A file of its own: the module's catalogues start as the first load has them (fr-CA only).
describe('loading the catalogues', () => {
  it("has fr-CA at once and fetches another locale's core texts on demand, once", async () => {
    expect(hasCoreCatalogue('en-CA')).toBe(false);
    expect(catalogues['en-CA']['common.cancel']).toBeUndefined();
    expect(hasCoreCatalogue('fr-CA')).toBe(true);
    expect(catalogues['fr-CA']['common.cancel']).toBe('Annuler');
    const first = loadCoreCatalogue('en-CA');
    expect(loadCoreCatalogue('en-CA')).toBe(first);
    await first;
    expect(hasCoreCatalogue('en-CA')).toBe(true);
    expect(catalogues['en-CA']['common.cancel']).toBe('Cancel');
    expect(intlFor('en-CA').formatMessage({ id: 'common.cancel' })).toBe('Cancel');
  });

  it('counts a locale as loaded before telling the listeners (a listener may render at once)', async () => {
    const seen: boolean[] = [];
    const stop = subscribeCatalogues(() => seen.push(hasCoreCatalogue('fr-FR')));
    await loadCoreCatalogue('fr-FR');
    stop();
    expect(seen).toEqual([true]);
  });
});
