import { INVITATION_CODE_ALPHABET, INVITATION_CODE_LENGTH, normalizeInvitationCode } from '@accueil/domain';
import { createHash, randomInt } from 'node:crypto';

/**
 * A new invitation code: `INVITATION_CODE_LENGTH` (12) characters drawn uniformly (crypto) from
 * `INVITATION_CODE_ALPHABET` (31 symbols without look-alikes: ≈ 59 bits), shown in groups of 4
 * (`ABCD-EFGH-JKMN`).
 */
export function newInvitationCode(): string {
  const chars = Array.from(
    { length: INVITATION_CODE_LENGTH },
    () => INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)],
  );
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** What is stored of a code: the SHA-256 (hex) of its normalised form (case and separators ignored). */
export function hashInvitationCode(code: string): string {
  return createHash('sha256').update(normalizeInvitationCode(code)).digest('hex');
}
