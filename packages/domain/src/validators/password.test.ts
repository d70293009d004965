import { describe, expect, it } from 'vitest';
import { passwordIssues } from './password';

describe('passwordIssues (§5)', () => {
  it('accepts a password that follows every rule', () => {
    expect(passwordIssues('Demo-Accueil-2026')).toEqual([]);
  });
  it('names each broken rule', () => {
    expect(passwordIssues('aB1-')).toEqual(['password-length']);
    expect(passwordIssues('ABCDEFG1-')).toEqual(['lowercase']);
    expect(passwordIssues('abcdefg1-')).toEqual(['uppercase']);
    expect(passwordIssues('Abcdefgh-')).toEqual(['digit']);
    expect(passwordIssues('Abcdefgh1')).toEqual(['special-character']);
    expect(passwordIssues('')).toEqual(['password-length', 'lowercase', 'uppercase', 'digit', 'special-character']);
  });
});
