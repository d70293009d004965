import fc from 'fast-check';
import { getExampleNumber, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { normalizeOutboundPhone } from './phone';

/*
 * normalizeOutboundPhone checked against oracles that do not share its code: the North American
 * numbering plan's own rule, libphonenumber's validity verdict, and the library's example mobile
 * numbers. (phone.test.ts checks that what it accepts has the outbound shape; these check that
 * it accepts the right numbers.)
 */

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

describe('normalizeOutboundPhone against independent oracles', () => {
  it('refuses numbers the North American plan forbids: area code (or a Canadian exchange) starting with 0 or 1', () => {
    for (const bad of [
      '+1 123 456 7890',
      '+1 023 456 7890',
      '+1 514 055 1234',
      '+1 514 155 1234',
      '(123) 456-7890',
      '123 456 7890',
    ]) {
      expect(normalizeOutboundPhone(bad), bad).toBeNull();
    }
    fc.assert(
      fc.property(
        fc.constantFrom('0', '1'),
        digits(2),
        digits(3),
        digits(4),
        (first, rest, exchange, line) => {
          expect(normalizeOutboundPhone(`+1 ${first}${rest} ${exchange} ${line}`)).toBeNull();
        },
      ),
    );
    // Canadian area codes: some Caribbean plans (809…) have exchanges that start with 0.
    const canadianArea = fc.constantFrom(
      '204',
      '306',
      '403',
      '416',
      '418',
      '438',
      '450',
      '506',
      '514',
      '581',
      '604',
      '613',
      '709',
      '780',
      '819',
      '902',
    );
    fc.assert(
      fc.property(
        canadianArea,
        fc.constantFrom('0', '1'),
        digits(2),
        digits(4),
        (area, first, rest, line) => {
          expect(normalizeOutboundPhone(`+1 ${area} ${first}${rest} ${line}`)).toBeNull();
        },
      ),
    );
  });

  it('accepts a ten-digit North American number exactly when libphonenumber says it is valid', () => {
    fc.assert(
      fc.property(digits(3), digits(3), digits(4), (area, exchange, line) => {
        const e164 = `+1${area}${exchange}${line}`;
        const expected = isValidPhoneNumber(e164) ? e164 : null;
        expect(normalizeOutboundPhone(`+1 ${area} ${exchange} ${line}`)).toBe(expected);
        expect(normalizeOutboundPhone(`(${area}) ${exchange}-${line}`, 'CA')).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("accepts every country's example mobile number written nationally or internationally", () => {
    const countries: CountryCode[] = ['CA', 'US', 'FR', 'BE', 'CH', 'GB', 'DE', 'MX', 'MA', 'SN', 'HT', 'BR'];
    for (const country of countries) {
      const example = getExampleNumber(country, examples)!;
      expect(normalizeOutboundPhone(example.formatInternational()), country).toBe(example.number);
      expect(normalizeOutboundPhone(example.formatNational(), country), country).toBe(example.number);
    }
  });

  it('refuses a valid-looking number cut short or made too long', () => {
    const example = getExampleNumber('FR', examples)!;
    expect(normalizeOutboundPhone(example.number.slice(0, -1))).toBeNull();
    expect(normalizeOutboundPhone(`${example.number}1`)).toBeNull();
  });
});
