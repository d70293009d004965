import { describe, expect, it } from 'vitest';
import { foldForSearch } from './search-text';
import { createPostRequestSchema, POST_MATERIAL_NUMBERS, postLocaleOf, postTypeOfMaterial } from './posts';

describe('the library’s rules in the domain', () => {
  it('numbers the types for /material/{n}: libraries (the menu’s /material/2) are the documents', () => {
    expect(postTypeOfMaterial(2)).toBe('document');
    expect(postTypeOfMaterial(1)).toBe('protocol');
    expect(postTypeOfMaterial(3)).toBe('consultation');
    expect(postTypeOfMaterial(4)).toBe('article');
    expect(postTypeOfMaterial(5)).toBeNull();
    expect(new Set(Object.values(POST_MATERIAL_NUMBERS)).size).toBe(4);
  });

  it('reads the spec’s bare fr and en as fr-CA and en-CA, and defaults to fr-CA', () => {
    expect(postLocaleOf(undefined)).toBe('fr-CA');
    expect(postLocaleOf('fr')).toBe('fr-CA');
    expect(postLocaleOf('en')).toBe('en-CA');
    expect(postLocaleOf('fr-FR')).toBe('fr-FR');
  });

  it('folds accents, ligatures and case for the search', () => {
    expect(foldForSearch('Éducation, cœur et ÆGIS à l’hôpital')).toBe(
      'education, coeur et aegis a l’hopital',
    );
  });

  it('refuses an alias with a hyphen or blank, and a slide list with one', () => {
    const base = { type: 'protocol', title: 'x' };
    expect(createPostRequestSchema.safeParse({ ...base, alias: 'soins_dents' }).success).toBe(true);
    for (const alias of ['soins-dents', '  ', 'a b']) {
      expect(createPostRequestSchema.safeParse({ ...base, alias }).success).toBe(false);
    }
    const issue = createPostRequestSchema.safeParse({ ...base, alias: 'a', sections: [{ id: 'step-1' }] });
    expect(issue.error?.issues[0]).toMatchObject({ path: ['sections', 0, 'id'], message: 'id-invalid' });
  });
});
