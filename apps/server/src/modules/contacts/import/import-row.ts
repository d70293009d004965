import {
  CONTACT_FIELD_MAX_CHARS,
  CONTACT_NOTE_MAX_CHARS,
  type ContactGender,
  type ContactLanguage,
  type ImportSkipReason,
} from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { blankToNull, isValidEmail, normalizeContactPhone, type ContactFields } from '../contact-fields';
import { headerKey } from './import-columns';

/** A row's contact, or why it is skipped. */
export type ImportRowResult = { ok: true; fields: ContactFields } | { ok: false; reason: ImportSkipReason };

/** Longest text of each of the 11 columns (characters); longer is `cell-too-long`. */
const COLUMN_MAX_CHARS = [
  CONTACT_FIELD_MAX_CHARS,
  CONTACT_FIELD_MAX_CHARS,
  40,
  CONTACT_FIELD_MAX_CHARS,
  40,
  CONTACT_FIELD_MAX_CHARS,
  CONTACT_FIELD_MAX_CHARS,
  20,
  40,
  40,
  CONTACT_NOTE_MAX_CHARS,
];

const LANGUAGES: Record<string, ContactLanguage> = {
  fr: 'fr',
  f: 'fr',
  fra: 'fr',
  fre: 'fr',
  francais: 'fr',
  french: 'fr',
  frca: 'fr',
  frfr: 'fr',
  en: 'en',
  e: 'en',
  eng: 'en',
  ang: 'en',
  anglais: 'en',
  english: 'en',
  enca: 'en',
  enus: 'en',
};
const GENDERS: Record<string, ContactGender> = {
  m: 'male',
  h: 'male',
  male: 'male',
  man: 'male',
  homme: 'male',
  masculin: 'male',
  mr: 'male',
  f: 'female',
  female: 'female',
  woman: 'female',
  femme: 'female',
  feminin: 'female',
  mme: 'female',
  ms: 'female',
  mrs: 'female',
};

/** A cell the export escaped against formulas ('=…) has its quote taken off again. */
function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * A date as people write it → YYYY-MM-DD, or null when blank, or `'invalid'`: YYYY-MM-DD,
 * YYYY/MM/DD, DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY (day first, as in Canada and France; one-digit
 * day and month accepted). The day must exist (no 31/02) and the year lie in 1900 … next year.
 */
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- the literal names the sentinel for readers
export function parseImportDate(cell: string, now = new Date()): string | null | 'invalid' {
  const v = cell.trim();
  if (!v) return null;
  let y: number, m: number, d: number;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(v)))
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return 'invalid';
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return 'invalid';
  if (y < 1900 || y > now.getUTCFullYear() + 1) return 'invalid';
  return date.toISOString().slice(0, 10);
}

/**
 * One data row of an import (the 11 columns in order) → the contact to create, or the reason
 * it is skipped, checked in this order: a cell longer than its field (`cell-too-long`, before
 * anything else is read), a blank first or last name (`missing-name`), a phone that is not a
 * valid number of `country` (`invalid-phone`), an e-mail off the pattern (`invalid-email`), a
 * birthday that is not a date (`invalid-date`), an unknown language (`invalid-language`: fr,
 * français, French, en, anglais, English … ; blank is none) or gender (`invalid-gender`: M, H,
 * homme, male, F, femme, female … ; blank is male).
 */
export function parseImportRow(rawCells: readonly string[], country: CountryCode): ImportRowResult {
  const cells = Array.from({ length: 11 }, (_, i) => unescapeFormula(rawCells[i] ?? ''));
  if (cells.some((c, i) => c.trim().length > COLUMN_MAX_CHARS[i]!) || rawCells.length > 11)
    return { ok: false, reason: 'cell-too-long' };
  const [
    firstName,
    lastName,
    phoneCell,
    emailCell,
    birthdayCell,
    address,
    city,
    postalCode,
    languageCell,
    genderCell,
    note,
  ] = cells as [string, string, string, string, string, string, string, string, string, string, string];
  if (!firstName.trim() || !lastName.trim()) return { ok: false, reason: 'missing-name' };
  const phone = normalizeContactPhone(phoneCell, country);
  if (phone === 'invalid') return { ok: false, reason: 'invalid-phone' };
  const email = blankToNull(emailCell);
  if (email !== null && !isValidEmail(email)) return { ok: false, reason: 'invalid-email' };
  const birthday = parseImportDate(birthdayCell);
  if (birthday === 'invalid') return { ok: false, reason: 'invalid-date' };
  const languageKey = headerKey(languageCell);
  const language = languageKey ? LANGUAGES[languageKey] : null;
  if (language === undefined) return { ok: false, reason: 'invalid-language' };
  const genderKey = headerKey(genderCell);
  const gender = genderKey ? GENDERS[genderKey] : 'male';
  if (gender === undefined) return { ok: false, reason: 'invalid-gender' };
  return {
    ok: true,
    fields: {
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      phone,
      email,
      birthday,
      address: blankToNull(address),
      city: blankToNull(city),
      postalCode: blankToNull(postalCode),
      language,
      gender,
      note: blankToNull(note),
      contactSince: null,
      linkedToId: null,
      relation: null,
    },
  };
}
