import { describe, expect, it } from 'vitest';
import { isSipUsername } from './sip';

describe('isSipUsername', () => {
  it.each(['+15145550100', 'reception', 'dr.tremblay_2', 'poste-12'])('accepts %s', (v) =>
    expect(isSipUsername(v)).toBe(true),
  );
  it.each(['', '+0514555', '15145550100 ', 'a b', 'née', 'x/y', 'a'.repeat(65)])('refuses %j', (v) =>
    expect(isSipUsername(v)).toBe(false),
  );
});
