import { describe, expect, it } from 'vitest';
import {
  COMMUNICATION_TEMPLATE_TYPES,
  COMMUNICATION_TOKEN_DESCRIPTIONS,
  communicationTemplateSchema,
  communicationTemplatesQuerySchema,
  communicationTokenSchema,
  communicationTokensQuerySchema,
} from './templates';

const USER = '11111111-1111-4111-8111-111111111111';

describe('COMMUNICATION_TOKEN_DESCRIPTIONS', () => {
  it('says what each token stands for in each interface locale', () => {
    expect(COMMUNICATION_TOKEN_DESCRIPTIONS).toEqual({
      first_name: {
        'fr-CA': 'Prénom du contact',
        'en-CA': 'Contact’s first name',
        'fr-FR': 'Prénom du contact',
      },
      last_name: {
        'fr-CA': 'Nom de famille du contact',
        'en-CA': 'Contact’s last name',
        'fr-FR': 'Nom du contact',
      },
      date: {
        'fr-CA': 'Date du jour de l’envoi (JJ / MM / AAAA)',
        'en-CA': 'Day the text is sent (DD / MM / YYYY)',
        'fr-FR': 'Date du jour de l’envoi (JJ / MM / AAAA)',
      },
      organization_name: {
        'fr-CA': 'Nom de l’organisation',
        'en-CA': 'Organization’s name',
        'fr-FR': 'Nom de l’établissement',
      },
    });
  });
});

describe('communication template schemas', () => {
  it('reads a token as the tokens endpoint lists it', () => {
    const token = {
      key: 'first_name',
      value: '{{first_name}}',
      description: COMMUNICATION_TOKEN_DESCRIPTIONS.first_name,
    };
    expect(communicationTokenSchema.parse(token)).toEqual(token);
    expect(communicationTokenSchema.safeParse({ ...token, key: 'phone' }).success).toBe(false);
    expect(
      communicationTokenSchema.safeParse({ ...token, description: { 'fr-CA': 'x', 'en-CA': 'y' } }).success,
    ).toBe(false);
  });

  it('takes a known sector, or none, for the tokens', () => {
    expect(communicationTokensQuerySchema.parse({})).toEqual({});
    expect(communicationTokensQuerySchema.parse({ sector: 'dental' })).toEqual({ sector: 'dental' });
    expect(communicationTokensQuerySchema.safeParse({ sector: 'bakery' }).success).toBe(false);
    expect(communicationTokensQuerySchema.safeParse({ other: 1 }).success).toBe(false);
  });

  it('lists SMS templates only and names any other type template-type-unknown', () => {
    expect(COMMUNICATION_TEMPLATE_TYPES).toEqual(['sms']);
    const query = { type: 'sms', userId: USER, locale: 'en-CA', sector: 'veterinary' };
    expect(communicationTemplatesQuerySchema.parse(query)).toEqual(query);
    expect(communicationTemplatesQuerySchema.parse({ type: 'sms' })).toEqual({ type: 'sms' });
    const email = communicationTemplatesQuerySchema.safeParse({ type: 'email' });
    expect(email.error?.issues[0]?.message).toBe('template-type-unknown');
    expect(communicationTemplatesQuerySchema.safeParse({ type: 'sms', locale: 'de-DE' }).success).toBe(false);
    expect(communicationTemplatesQuerySchema.safeParse({ type: 'sms', userId: 'me' }).success).toBe(false);
  });

  it('reads a shipped template with its tokens in order', () => {
    const template = {
      id: 'dental-appointment-reminder',
      type: 'sms',
      sector: 'dental',
      locale: 'fr-CA',
      title: 'Rappel de rendez-vous',
      body: 'Bonjour {{first_name}}, {{organization_name}} vous rappelle votre rendez-vous.',
      tokens: ['first_name', 'organization_name'],
    };
    expect(communicationTemplateSchema.parse(template)).toEqual(template);
    expect(communicationTemplateSchema.safeParse({ ...template, tokens: ['phone'] }).success).toBe(false);
  });
});
