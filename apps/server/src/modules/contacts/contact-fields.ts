import {
  isAcceptablePhone,
  normalizeOutboundPhone,
  type ContactGender,
  type ContactInputParsed,
  type ContactLanguage,
  type ContactRelation,
} from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { z } from 'zod';

/** A contact's fields as stored: trimmed, blanks as null, phone in E.164. */
export type ContactFields = {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  language: ContactLanguage | null;
  gender: ContactGender;
  note: string | null;
  contactSince: string | null;
  linkedToId: string | null;
  relation: ContactRelation | null;
};

/** Why fields were refused; each is an error code of the API (400). */
export type ContactFieldsProblem = 'contact-name-required' | 'phone-invalid' | 'email-invalid';

const emailSchema = z.email();

/** Trimmed text, or null when blank. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * A phone as people type it ('514-555-1234', '(514) 555-1234', '+1 514 555 1234') → E.164 in
 * the organisation's `country`; null for a blank, an anonymous or an emergency number (valid,
 * but nothing to keep or text); `'invalid'` for anything else.
 */
export function normalizeContactPhone(
  value: string | null | undefined,
  country: CountryCode,
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- the literal names the sentinel for readers
): string | null | 'invalid' {
  const raw = blankToNull(value);
  if (raw === null) return null;
  const e164 = normalizeOutboundPhone(raw, country);
  if (e164) return e164;
  return isAcceptablePhone(raw, country) ? null : 'invalid';
}

/** True for an e-mail address of the standard pattern. */
export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

/**
 * The form's fields → what is stored, or the first rule they break: a blank first or last name
 * (`contact-name-required`), a phone that is not a valid number of `country` (`phone-invalid`),
 * an e-mail off the standard pattern (`email-invalid`). A linked contact's phone is not read
 * here: it takes its main contact's.
 */
export function contactFieldsOf(
  input: ContactInputParsed,
  country: CountryCode,
): { ok: true; fields: ContactFields } | { ok: false; problem: ContactFieldsProblem } {
  const firstName = (input.firstName ?? '').trim();
  const lastName = (input.lastName ?? '').trim();
  if (!firstName || !lastName) return { ok: false, problem: 'contact-name-required' };
  const linkedToId = input.linkedToId ?? null;
  const phone = linkedToId ? null : normalizeContactPhone(input.phone, country);
  if (phone === 'invalid') return { ok: false, problem: 'phone-invalid' };
  const email = blankToNull(input.email);
  if (email !== null && !isValidEmail(email)) return { ok: false, problem: 'email-invalid' };
  return {
    ok: true,
    fields: {
      firstName,
      lastName,
      phone,
      email,
      birthday: blankToNull(input.birthday),
      address: blankToNull(input.address),
      city: blankToNull(input.city),
      postalCode: blankToNull(input.postalCode),
      language: input.language ?? null,
      gender: input.gender,
      note: blankToNull(input.note),
      contactSince: blankToNull(input.contactSince),
      linkedToId,
      relation: linkedToId ? (input.relation ?? 'none') : null,
    },
  };
}
