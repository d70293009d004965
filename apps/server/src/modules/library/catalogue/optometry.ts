import { slide, t, type CataloguePost } from './catalogue-text';

/** The starter catalogue's posts for optometry clinics (see `STARTER_CATALOGUE`). */
export const OPTOMETRY_POSTS: readonly CataloguePost[] = [
  {
    alias: 'optometry_dilation_aftercare',
    sector: 'optometry',
    type: 'protocol',
    title: t('Après la dilatation des pupilles', 'After pupil dilation'),
    short: t(
      'Vision floue et lumière : les heures qui suivent.',
      'Blurred vision and light: the hours after.',
    ),
    steps: [
      {
        id: 'hours_after',
        title: t('Les heures suivantes', 'The hours after'),
        slides: [
          slide(
            'driving',
            t('Conduite', 'Driving'),
            t('<p>Ne conduisez pas pendant 4 heures.</p>', '<p>Do not drive for 4 hours.</p>'),
          ),
          slide(
            'sunglasses',
            t('Lunettes de soleil', 'Sunglasses'),
            t('<p>Portez des lunettes de soleil à l’extérieur.</p>', '<p>Wear sunglasses outside.</p>'),
          ),
        ],
      },
    ],
  },
  {
    alias: 'optometry_contact_lenses',
    sector: 'optometry',
    type: 'protocol',
    title: t('Entretien des lentilles cornéennes', 'Contact lens care', 'Entretien des lentilles de contact'),
    short: t('Les gestes de chaque jour.', 'Everyday habits.'),
    steps: [
      {
        id: 'daily',
        title: t('Chaque jour', 'Every day'),
        slides: [
          slide(
            'hands',
            t('Mains propres', 'Clean hands'),
            t(
              '<p>Lavez-vous les mains avant de toucher vos lentilles.</p>',
              '<p>Wash your hands before touching your lenses.</p>',
            ),
          ),
          slide(
            'solution',
            t('Solution', 'Solution'),
            t(
              '<p>Changez la solution chaque jour; jamais d’eau du robinet.</p>',
              '<p>Change the solution every day; never tap water.</p>',
              '<p>Changez la solution chaque jour ; jamais d’eau du robinet.</p>',
            ),
          ),
        ],
      },
    ],
  },
];
