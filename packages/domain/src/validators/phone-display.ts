import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import { isAnonymousNumber } from './phone-markers';

/**
 * Phone display: North American numbers as `(AAA) BBB-CCCC`; others in their international
 * format; anonymous values, and values that are not a valid number for `metadata`, are returned
 * unchanged. The metadata is a parameter so the web can format with the supported countries'
 * metadata only (docs/behaviour/phone-numbers.md, "Display").
 */
export function formatPhoneDisplayWith(metadata: MetadataJson, value: string | null | undefined): string {
  if (!value) return '';
  // Stryker disable next-line ConditionalExpression: equivalent while no marker is a valid number.
  if (isAnonymousNumber(value)) return value;
  // Stryker disable next-line Regex: with the g flag, /\s/ and /\s+/ remove the same characters.
  const parsed = parsePhoneNumberFromString(value.replace(/\s+/g, ''), 'CA', metadata);
  if (!parsed || !parsed.isValid()) return value;
  if (parsed.countryCallingCode === '1') return parsed.formatNational();
  return parsed.formatInternational();
}
