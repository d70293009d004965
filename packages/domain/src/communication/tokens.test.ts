import { describe, expect, it } from 'vitest';
import { fillTokens, formatDisplayDate, tokensIn, tokenText, type TokenContext } from './tokens';

const context: TokenContext = {
  contact: { firstName: 'Élise', lastName: 'Tremblay' },
  organizationName: 'Clinique du Parc',
  // 03:30 UTC on the 1st of March is still the 28th of February in Montréal.
  now: new Date('2026-03-01T03:30:00Z'),
  timeZone: 'America/Montreal',
};

describe('fillTokens', () => {
  it("fills every token for the contact, the organisation and the organisation's day", () => {
    const out = fillTokens(
      'Bonjour {{first_name}} {{last_name}}, ici {{organization_name}}. Rendez-vous le {{date}}.',
      context,
    );
    expect(out).toEqual({
      text: 'Bonjour Élise Tremblay, ici Clinique du Parc. Rendez-vous le 28 / 02 / 2026.',
      missing: [],
    });
  });

  it('fills a token written with spaces or capitals, and each of its occurrences', () => {
    expect(fillTokens('{{ First_Name }} / {{first_name}}', context).text).toBe('Élise / Élise');
  });

  it('leaves a token without a value as written and lists it once', () => {
    const out = fillTokens('Bonjour {{first_name}} {{last_name}} {{first_name}}', {
      ...context,
      contact: null,
    });
    expect(out).toEqual({
      text: 'Bonjour {{first_name}} {{last_name}} {{first_name}}',
      missing: ['first_name', 'last_name'],
    });
  });

  it('counts a blank name as missing', () => {
    const out = fillTokens('Bonjour {{first_name}} {{last_name}}', {
      ...context,
      contact: { firstName: '  ', lastName: 'Roy' },
    });
    expect(out).toEqual({ text: 'Bonjour {{first_name}} Roy', missing: ['first_name'] });
  });

  it('fills names without the spaces around them', () => {
    const out = fillTokens('Bonjour {{first_name}} {{last_name}}, ici {{organization_name}}.', {
      ...context,
      contact: { firstName: ' Élise ', lastName: '  Roy' },
      organizationName: 'Clinique du Parc  ',
    });
    expect(out.text).toBe('Bonjour Élise Roy, ici Clinique du Parc.');
  });

  it('leaves unknown braces alone and does not report them', () => {
    expect(fillTokens('{{prenom}} {single} {{first_name}}', context)).toEqual({
      text: '{{prenom}} {single} Élise',
      missing: [],
    });
  });

  it('inserts a value as is, even one that looks like a token or a replacement pattern', () => {
    const out = fillTokens('{{first_name}}!', {
      ...context,
      contact: { firstName: '$& {{last_name}}', lastName: 'X' },
    });
    expect(out.text).toBe('$& {{last_name}}!');
  });
});

describe('tokensIn', () => {
  it('lists the known tokens once each, in order of appearance', () => {
    expect(tokensIn('{{date}} {{first_name}} {{date}} {{nope}}')).toEqual(['date', 'first_name']);
  });
  it('writes a token in double braces', () => {
    expect(tokenText('organization_name')).toBe('{{organization_name}}');
  });
});

describe('formatDisplayDate', () => {
  it("gives the day in the time zone's calendar, DD / MM / YYYY", () => {
    expect(formatDisplayDate(new Date('2026-12-31T23:30:00Z'), 'Europe/Paris')).toBe('01 / 01 / 2027');
    expect(formatDisplayDate(new Date('2026-12-31T23:30:00Z'), 'America/Toronto')).toBe('31 / 12 / 2026');
  });
});
