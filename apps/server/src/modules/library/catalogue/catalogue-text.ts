import type { PostLocale, PostType, Sector } from '@accueil/domain';

/** One text in each locale of the library. */
export type CatalogueText = Record<PostLocale, string>;

/** fr-CA, en-CA and fr-FR texts; France's French is Québec's unless given. */
export const t = (frCA: string, enCA: string, frFR: string = frCA): CatalogueText => ({
  'fr-CA': frCA,
  'en-CA': enCA,
  'fr-FR': frFR,
});

/** A slide of a step: its label and its text. */
export type CatalogueSlide = { id: string; label: CatalogueText; body: CatalogueText };
/** A step of a catalogue post and its slides. */
export type CatalogueStep = { id: string; title: CatalogueText; slides: readonly CatalogueSlide[] };
/**
 * A post of the starter catalogue: a stable alias (unique in the catalogue, no hyphen), its
 * sector, type, title and summary per locale, and its steps.
 */
export type CataloguePost = {
  alias: string;
  sector: Sector;
  type: PostType;
  title: CatalogueText;
  short: CatalogueText;
  steps: readonly CatalogueStep[];
};

/** A slide: its identifier, label and text. */
export const slide = (id: string, label: CatalogueText, body: CatalogueText): CatalogueSlide => ({
  id,
  label,
  body,
});
