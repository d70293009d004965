import { describe, expect, it } from 'vitest';
import { normalizeSearch } from './search';

describe('normalizeSearch (at least 3 characters)', () => {
  it('ignores empty input', () => {
    expect(normalizeSearch('')).toBeNull();
    expect(normalizeSearch('   ')).toBeNull();
    expect(normalizeSearch(undefined)).toBeNull();
  });
  it('refuses 1 or 2 characters, counting code points', () => {
    expect(normalizeSearch('ab')).toBe('too-short');
    expect(normalizeSearch(' é ')).toBe('too-short');
    expect(normalizeSearch('😀😀')).toBe('too-short');
  });
  it('returns the trimmed term from 3 characters', () => {
    expect(normalizeSearch('  Tremblay ')).toBe('Tremblay');
    expect(normalizeSearch('514')).toBe('514');
  });
});
