import { describe, expect, it } from 'vitest';
import { newPasswordSchema, passwordIssues } from './password';

describe('passwordIssues', () => {
  it('accepts a password that follows every rule', () => {
    expect(passwordIssues('Demo-Accueil-2026')).toEqual([]);
  });
  it('names each broken rule', () => {
    expect(passwordIssues('aB1-')).toEqual(['password-length']);
    expect(passwordIssues('ABCDEFG1-')).toEqual(['lowercase']);
    expect(passwordIssues('abcdefg1-')).toEqual(['uppercase']);
    expect(passwordIssues('Abcdefgh-')).toEqual(['digit']);
    expect(passwordIssues('Abcdefgh1')).toEqual(['special-character']);
    expect(passwordIssues('')).toEqual([
      'password-length',
      'lowercase',
      'uppercase',
      'digit',
      'special-character',
    ]);
  });
});

describe('the 8-character minimum', () => {
  it('refuses 7 characters and accepts 8', () => {
    expect(passwordIssues('Abcde1-')).toEqual(['password-length']);
    expect(passwordIssues('Abcdef1-')).toEqual([]);
  });
});

describe('newPasswordSchema', () => {
  it('accepts a password that follows every rule', () => {
    expect(newPasswordSchema.parse('Demo-Accueil-2026')).toBe('Demo-Accueil-2026');
  });
  it('gives one issue per broken rule, its message the rule key', () => {
    const result = newPasswordSchema.safeParse('abcdefg');
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'password-length',
      'uppercase',
      'digit',
      'special-character',
    ]);
    expect(result.error!.issues.every((i) => i.code === 'custom')).toBe(true);
  });
  it('refuses what is not a string', () => {
    expect(newPasswordSchema.safeParse(12345678).success).toBe(false);
  });
});
