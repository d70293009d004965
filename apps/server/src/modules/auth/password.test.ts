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

describe('verifyPassword', () => {
  it('refuses every password for a stored value that is not a hash (a damaged row), rather than failing open', async () => {
    for (const stored of ['', 'not-a-hash', '$argon2id$v=19$m=19456,t=2,p=1$broken']) {
      expect(await verifyPassword(stored, DEFAULT_TEST_PASSWORD)).toBe(false);
    }
  });

  it('refuses an unknown user (no stored hash), whatever the password, after verifying against a dummy hash', async () => {
    for (const password of [DEFAULT_TEST_PASSWORD, 'dummy-password-for-constant-time', '']) {
      expect(await verifyPassword(null, password)).toBe(false);
    }
  });
});
