import { describe, expect, it } from 'vitest';
import { searchExcerpt } from './search-excerpt';

describe('searchExcerpt', () => {
  it('keeps a text whose match is near its start, whitespace folded', () => {
    expect(searchExcerpt('Votre  rendez-vous\nest confirmé', 'RENDEZ')).toBe(
      'Votre rendez-vous est confirmé',
    );
  });

  it('starts at a word shortly before a match far into the text', () => {
    const text =
      'Bonjour Madame, ceci est un rappel automatique de la clinique : votre détartrage est prévu mardi.';
    const excerpt = searchExcerpt(text, 'détartrage');
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt).toContain('votre détartrage est prévu mardi.');
    expect(excerpt.indexOf('détartrage')).toBeLessThanOrEqual(26);
    expect(text).toContain(excerpt.slice(1));
  });

  it('keeps the whole text when the term is not in it', () => {
    expect(searchExcerpt('Merci beaucoup', 'xyz')).toBe('Merci beaucoup');
  });
});
