import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { ANONYMOUS_MARKERS, EMERGENCY_NUMBERS } from '../constants';

/** Outbound numbers: '+' then 11 to 15 digits, the first not 0. */
export const OUTBOUND_PHONE_PATTERN = /^\+[1-9]\d{10,14}$/;

/** True for a withheld caller (one of the carriers' anonymous markers). */
export function isAnonymousNumber(value: string | null | undefined): boolean {
  if (!value) return false;
  const v = value.trim().toLowerCase();
  return (ANONYMOUS_MARKERS as readonly string[]).includes(v);
}

/** True for an emergency number (+1911, +1933 and the 933 test number). */
export function isEmergencyNumber(value: string | null | undefined): boolean {
  if (!value) return false;
  // Stryker disable next-line Regex: with the g flag, /\s/ and /\s+/ remove the same characters.
  return (EMERGENCY_NUMBERS as readonly string[]).includes(value.replace(/\s+/g, ''));
}

/**
 * New conversation: strips whitespace, then parses the number in the organisation's
 * country and returns it in E.164 (`+15145551234`), or `null` when it is not a valid phone
 * number that can be texted (the outbound pattern and libphonenumber's validity both hold).
 * Anonymous and emergency numbers are never textable and give `null`.
 */
export function normalizeOutboundPhone(input: string, defaultCountry: CountryCode = 'CA'): string | null {
  // Stryker disable next-line Regex: with the g flag, /\s/ and /\s+/ remove the same characters.
  const stripped = input.replace(/\s+/g, '');
  // Every marker and emergency number is also an invalid number for libphonenumber today; the
  // guard keeps a marker that is a valid number from becoming textable.
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent while no marker is a valid number.
  if (!stripped || isAnonymousNumber(stripped) || isEmergencyNumber(stripped)) return null;
  const parsed = parsePhoneNumberFromString(stripped, defaultCountry);
  if (!parsed || !parsed.isValid()) return null;
  const e164 = parsed.number;
  return OUTBOUND_PHONE_PATTERN.test(e164) ? e164 : null;
}

/**
 * A phone is valid if it is anonymous, an emergency number, empty, or a valid number.
 * Used for numbers we receive (the contact side of an inbound text), not for sending.
 */
export function isAcceptablePhone(value: string | null | undefined, defaultCountry: CountryCode = 'CA'): boolean {
  if (!value || isAnonymousNumber(value) || isEmergencyNumber(value)) return true;
  return normalizeOutboundPhone(value, defaultCountry) !== null;
}

/**
 * Phone display: North American numbers as `(AAA) BBB-CCCC`; others in their
 * international format; anonymous and unparsable values are returned unchanged.
 */
export function formatPhoneDisplay(value: string | null | undefined): string {
  if (!value) return '';
  // Stryker disable next-line ConditionalExpression: equivalent while no marker is a valid number.
  if (isAnonymousNumber(value)) return value;
  // Stryker disable next-line Regex: with the g flag, /\s/ and /\s+/ remove the same characters.
  const parsed = parsePhoneNumberFromString(value.replace(/\s+/g, ''), 'CA');
  if (!parsed || !parsed.isValid()) return value;
  if (parsed.countryCallingCode === '1') return parsed.formatNational();
  return parsed.formatInternational();
}
