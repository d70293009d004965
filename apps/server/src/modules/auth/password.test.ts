import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-demo';
import { DEFAULT_TEST_PASSWORD } from '../../test/factories';
import { hashPassword, verifyPassword } from './password';

describe('hashPassword', () => {
  it('refuses a password that breaks the password rules, naming each rule', async () => {
    await expect(hashPassword('abcdefg')).rejects.toMatchObject({
      code: 'validation-failed',
      details: { field: 'password', issues: ['password-length', 'uppercase', 'digit', 'special-character'] },
    });
  });

  it('hashes the passwords the seed and the factories set, which then verify', async () => {
    for (const password of [DEMO_PASSWORD, DEFAULT_TEST_PASSWORD]) {
      const stored = await hashPassword(password);
      expect(stored).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(stored, password)).toBe(true);
      expect(await verifyPassword(stored, `${password}x`)).toBe(false);
    }
  });
});
