import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import { formatPhoneDisplayWith } from './phone-display';
import { OUTBOUND_PHONE_PATTERN, isAnonymousNumber, isEmergencyNumber } from './phone-markers';

export { OUTBOUND_PHONE_PATTERN, isAnonymousNumber, isEmergencyNumber } from './phone-markers';
export { formatPhoneDisplayWith } from './phone-display';

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
export function isAcceptablePhone(
  value: string | null | undefined,
  defaultCountry: CountryCode = 'CA',
): boolean {
  if (!value || isAnonymousNumber(value) || isEmergencyNumber(value)) return true;
  return normalizeOutboundPhone(value, defaultCountry) !== null;
}

/**
 * Phone display with every country's metadata: North American numbers as `(AAA) BBB-CCCC`;
 * others in their international format; anonymous and unparsable values are returned unchanged.
 */
export function formatPhoneDisplay(value: string | null | undefined): string {
  return formatPhoneDisplayWith(maxMetadata, value);
}
