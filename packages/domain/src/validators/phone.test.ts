import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPhoneDisplay,
  isAcceptablePhone,
  isAnonymousNumber,
  isEmergencyNumber,
  normalizeOutboundPhone,
  OUTBOUND_PHONE_PATTERN,
} from './phone';

describe('normalizeOutboundPhone', () => {
  it('strips whitespace and returns E.164', () => {
    expect(normalizeOutboundPhone(' +1 514 555 1234 ')).toBe('+15145551234');
    expect(normalizeOutboundPhone('514 555\t1234')).toBe('+15145551234');
    expect(normalizeOutboundPhone('(514) 555-1234')).toBe('+15145551234');
  });
  it('reads national numbers in the organisation country', () => {
    expect(normalizeOutboundPhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
  });
  it('refuses what cannot be texted', () => {
    for (const bad of [
      '',
      '   ',
      '123',
      '+1 514 555',
      'abc',
      '+0123456789012',
      '911',
      '+1911',
      '+1933',
      'anonymous',
      '+1514555123456789',
    ]) {
      expect(normalizeOutboundPhone(bad), bad).toBeNull();
    }
  });
  it('every accepted number matches the outbound pattern', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        const n = normalizeOutboundPhone(s);
        return n === null || OUTBOUND_PHONE_PATTERN.test(n);
      }),
    );
  });
});

describe('anonymous and emergency numbers', () => {
  it('recognises markers', () => {
    expect(isAnonymousNumber('anonymous')).toBe(true);
    expect(isAnonymousNumber('Restricted')).toBe(true);
    expect(isAnonymousNumber('+15145551234')).toBe(false);
    expect(isEmergencyNumber('+1911')).toBe(true);
    expect(isEmergencyNumber('933')).toBe(true);
    expect(isEmergencyNumber('+15145551234')).toBe(false);
  });
  it('a received number is acceptable when anonymous, emergency, empty or valid', () => {
    expect(isAcceptablePhone('')).toBe(true);
    expect(isAcceptablePhone('anonymous')).toBe(true);
    expect(isAcceptablePhone('+1911')).toBe(true);
    expect(isAcceptablePhone('+15145551234')).toBe(true);
    expect(isAcceptablePhone('12')).toBe(false);
  });
});

describe('formatPhoneDisplay', () => {
  it('shows North American numbers as (AAA) BBB-CCCC', () => {
    expect(formatPhoneDisplay('+15145551234')).toBe('(514) 555-1234');
  });
  it('shows other countries internationally and leaves markers alone', () => {
    expect(formatPhoneDisplay('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhoneDisplay('anonymous')).toBe('anonymous');
    expect(formatPhoneDisplay(null)).toBe('');
  });
});

describe('edges of the phone helpers', () => {
  it('markers and emergency numbers are read through spaces and case; nothing is neither', () => {
    expect(isAnonymousNumber('  Anonymous ')).toBe(true);
    expect(isAnonymousNumber(null)).toBe(false);
    expect(isAnonymousNumber('')).toBe(false);
    expect(isEmergencyNumber('+1 911')).toBe(true);
    expect(isEmergencyNumber(' 9 3 3 ')).toBe(true);
    expect(isEmergencyNumber(undefined)).toBe(false);
    expect(isEmergencyNumber('')).toBe(false);
  });
  it('a received national number is read in Canada unless told otherwise', () => {
    expect(isAcceptablePhone('514 555 1234')).toBe(true);
    expect(isAcceptablePhone('06 12 34 56 78', 'FR')).toBe(true);
  });
  it('display: national numbers read in Canada, spaces ignored, invalid and unparsable values unchanged', () => {
    expect(formatPhoneDisplay('5145551234')).toBe('(514) 555-1234');
    expect(formatPhoneDisplay('+1 514 555 1234')).toBe('(514) 555-1234');
    expect(formatPhoneDisplay('+1 123 456 7890')).toBe('+1 123 456 7890');
    expect(formatPhoneDisplay('abc')).toBe('abc');
  });
  it('the outbound pattern matches the whole value only', () => {
    expect(OUTBOUND_PHONE_PATTERN.test('+15145551234')).toBe(true);
    expect(OUTBOUND_PHONE_PATTERN.test('tel:+15145551234')).toBe(false);
    expect(OUTBOUND_PHONE_PATTERN.test('+15145551234;ext=2')).toBe(false);
  });
});
