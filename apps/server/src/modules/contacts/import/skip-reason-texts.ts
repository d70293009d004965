import type { ImportSkipReason, Locale } from '@accueil/domain';

/** The words of the skipped rows' list in one interface language: its first three headers and each reason. */
export type SkipReasonTexts = {
  line: string;
  code: string;
  reason: string;
  reasons: Record<ImportSkipReason, string>;
};

const FRENCH: SkipReasonTexts = {
  line: 'Ligne',
  code: 'Code',
  reason: 'Raison',
  reasons: {
    'missing-name': 'Prénom ou nom manquant',
    'invalid-phone': 'Numéro de téléphone invalide',
    'duplicate-phone': 'Numéro déjà celui d’un autre contact',
    'invalid-email': 'Courriel invalide',
    'invalid-date': 'Date de naissance invalide',
    'invalid-language': 'Langue autre que français ou anglais',
    'invalid-gender': 'Sexe autre qu’homme ou femme',
    'cell-too-long': 'Cellule trop longue pour son champ',
  },
};

/**
 * The skipped rows' list per interface language (the web catalogues hold the same reasons under
 * `contacts.import.reason.<code>` for the import dialog).
 */
export const SKIP_REASON_TEXTS: Record<Locale, SkipReasonTexts> = {
  'fr-CA': FRENCH,
  'fr-FR': FRENCH,
  'en-CA': {
    line: 'Line',
    code: 'Code',
    reason: 'Reason',
    reasons: {
      'missing-name': 'First or last name missing',
      'invalid-phone': 'Invalid phone number',
      'duplicate-phone': 'Phone number already another contact’s',
      'invalid-email': 'Invalid e-mail',
      'invalid-date': 'Invalid birthday',
      'invalid-language': 'Language other than French or English',
      'invalid-gender': 'Gender other than male or female',
      'cell-too-long': 'Cell too long for its field',
    },
  },
};
