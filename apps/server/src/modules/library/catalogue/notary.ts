import { slide, t, type CataloguePost } from './catalogue-text';

/** The starter catalogue's posts for notaries (see `STARTER_CATALOGUE`). */
export const NOTARY_POSTS: readonly CataloguePost[] = [
  {
    alias: 'notary_documents_to_bring',
    sector: 'notary',
    type: 'document',
    title: t('Documents à apporter chez le notaire', 'Documents to bring to the notary'),
    short: t('Pour la signature d’un acte.', 'For signing a deed.'),
    steps: [
      {
        id: 'identity',
        title: t('Identité', 'Identity'),
        slides: [
          slide(
            'id_card',
            t('Pièce d’identité', 'Photo ID'),
            t('<p>Une pièce d’identité avec photo, valide.</p>', '<p>A valid photo ID.</p>'),
          ),
          slide(
            'marriage',
            t('État civil', 'Civil status'),
            t('<p>Votre contrat de mariage, s’il y en a un.</p>', '<p>Your marriage contract, if any.</p>'),
          ),
        ],
      },
    ],
  },
];
