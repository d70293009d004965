import type { ContentLocale } from '@accueil/domain';

/** One text in every interface locale. */
export type Localized = Record<ContentLocale, string>;

/** A template of the catalogue before it is given its sector and locale: stable id (unique in its sector), title and body per locale. */
export type TemplateText = { id: string; title: Localized; body: Localized };

/** `{ 'fr-CA', 'en-CA', 'fr-FR' }` from three texts; France's French defaults to Québec's when both read the same. */
export const l = (frCA: string, enCA: string, frFR: string = frCA): Localized => ({
  'fr-CA': frCA,
  'en-CA': enCA,
  'fr-FR': frFR,
});
