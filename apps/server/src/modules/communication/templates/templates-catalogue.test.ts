import {
  COMMUNICATION_TOKEN_KEYS,
  MESSAGE_BODY_MAX_CHARS,
  SECTORS,
  SUPPORTED_LOCALES,
  TEXT_BLOCK_TITLE_MAX_CHARS,
} from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { COMMON_TEMPLATES } from './common-templates';
import { SECTOR_TEMPLATES } from './sector-templates';
import { templatesOfSector } from './templates-catalogue';

// Any `{{…}}` written in a template, known or not: a misspelt token would be sent as plain text.
const BRACES = /\{\{\s*([^}]*?)\s*\}\}/g;

describe('the SMS templates shipped with the product', () => {
  it.each(SECTORS)('%s: templates in every locale, titled, within the limits, ids unique', (sector) => {
    const all = [...COMMON_TEMPLATES, ...SECTOR_TEMPLATES[sector]];
    expect(SECTOR_TEMPLATES[sector].length).toBeGreaterThanOrEqual(2);
    expect(new Set(all.map((x) => x.id)).size).toBe(all.length);
    for (const template of all) {
      for (const locale of SUPPORTED_LOCALES) {
        expect(template.title[locale].trim(), `${template.id} ${locale}`).not.toBe('');
        expect(template.title[locale].length).toBeLessThanOrEqual(TEXT_BLOCK_TITLE_MAX_CHARS);
        expect(template.body[locale].trim(), `${template.id} ${locale}`).not.toBe('');
        expect(template.body[locale].length).toBeLessThanOrEqual(MESSAGE_BODY_MAX_CHARS);
      }
    }
  });

  it('uses only tokens that exist, the same ones in every locale of a template', () => {
    for (const template of [...COMMON_TEMPLATES, ...Object.values(SECTOR_TEMPLATES).flat()]) {
      const perLocale = SUPPORTED_LOCALES.map((locale) =>
        [...template.body[locale].matchAll(BRACES)].map((m) => m[1]!).sort(),
      );
      for (const keys of perLocale) {
        for (const key of keys) expect(COMMUNICATION_TOKEN_KEYS, `${template.id}: {{${key}}}`).toContain(key);
        expect(keys, template.id).toEqual(perLocale[0]);
      }
    }
  });

  it('speaks each locale: texto in Québec, SMS in France, English in en-CA', () => {
    const dental = (locale: (typeof SUPPORTED_LOCALES)[number]) =>
      templatesOfSector('dental', locale).find((x) => x.id === 'dental-cleaning-recall')!.body;
    expect(dental('fr-CA')).toContain('texto');
    expect(dental('fr-FR')).toContain('SMS');
    expect(dental('en-CA')).toContain('Reply to this text');
  });
});
