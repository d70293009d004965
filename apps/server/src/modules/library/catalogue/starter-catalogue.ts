import type { CataloguePost } from './catalogue-text';
import { DENTAL_POSTS } from './dental';
import { MEDICAL_POSTS } from './medical';
import { NOTARY_POSTS } from './notary';
import { OPTOMETRY_POSTS } from './optometry';
import { OTHER_POSTS } from './other';
import { PHYSIOTHERAPY_POSTS } from './physiotherapy';
import { VETERINARY_POSTS } from './veterinary';

export type { CataloguePost, CatalogueSlide, CatalogueStep, CatalogueText } from './catalogue-text';

/**
 * The starter catalogue shipped with the product (docs/behaviour/library.md, "The starter
 * catalogue"): a few after-care protocols per care sector and a document for the others, in
 * the three locales. Every organisation reads its sector's; marketing reads and edits all.
 * The texts are general advice written for this catalogue, for a clinic to adapt.
 */
export const STARTER_CATALOGUE: readonly CataloguePost[] = [
  ...DENTAL_POSTS,
  ...MEDICAL_POSTS,
  ...PHYSIOTHERAPY_POSTS,
  ...OPTOMETRY_POSTS,
  ...VETERINARY_POSTS,
  ...NOTARY_POSTS,
  ...OTHER_POSTS,
];
