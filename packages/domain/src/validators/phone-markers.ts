/**
 * Phone rules that need no phone-number metadata, so the web's first load can use them without
 * libphonenumber's (docs/behaviour/phone-numbers.md).
 */
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
