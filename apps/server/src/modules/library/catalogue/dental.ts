import { slide, t, type CataloguePost } from './catalogue-text';

/** The starter catalogue's posts for dental clinics (see `STARTER_CATALOGUE`). */
export const DENTAL_POSTS: readonly CataloguePost[] = [
  {
    alias: 'dental_extraction_aftercare',
    sector: 'dental',
    type: 'protocol',
    title: t(
      'Soins après une extraction dentaire',
      'Care after a tooth extraction',
      'Soins après une extraction dentaire',
    ),
    short: t(
      'Les premières 48 heures après l’extraction : saignement, douleur, alimentation.',
      'The first 48 hours after the extraction: bleeding, pain, eating.',
      'Les 48 premières heures après l’extraction : saignement, douleur, alimentation.',
    ),
    steps: [
      {
        id: 'first_day',
        title: t('Le premier jour', 'The first day'),
        slides: [
          slide(
            'gauze',
            t('Compresse', 'Gauze'),
            t(
              '<p>Mordez doucement sur la compresse pendant 30 minutes.</p>',
              '<p>Bite gently on the gauze for 30 minutes.</p>',
            ),
          ),
          slide(
            'ice',
            t('Glace', 'Ice'),
            t(
              '<p>Appliquez de la glace sur la joue, 10 minutes à la fois.</p>',
              '<p>Put ice on your cheek, 10 minutes at a time.</p>',
            ),
          ),
          slide(
            'no_rinse',
            t('Pas de rinçage', 'No rinsing'),
            t(
              '<p>Ne rincez pas votre bouche et ne crachez pas pendant 24 heures.</p>',
              '<p>Do not rinse or spit for 24 hours.</p>',
            ),
          ),
        ],
      },
      {
        id: 'next_days',
        title: t('Les jours suivants', 'The following days'),
        slides: [
          slide(
            'salt_water',
            t('Eau salée', 'Salt water'),
            t(
              '<p>Rincez doucement à l’eau tiède salée après les repas.</p>',
              '<p>Rinse gently with warm salt water after meals.</p>',
            ),
          ),
          slide(
            'call_us',
            t('Nous appeler', 'Call us'),
            t(
              '<p>Appelez-nous si la douleur augmente après le troisième jour.</p>',
              '<p>Call us if the pain gets worse after the third day.</p>',
            ),
          ),
        ],
      },
    ],
  },
  {
    alias: 'dental_whitening_aftercare',
    sector: 'dental',
    type: 'protocol',
    title: t('Après un blanchiment', 'After whitening', 'Après un blanchiment'),
    short: t('Ce qu’il faut éviter pendant 48 heures.', 'What to avoid for 48 hours.'),
    steps: [
      {
        id: 'avoid',
        title: t('À éviter', 'To avoid'),
        slides: [
          slide(
            'coffee',
            t('Café et thé', 'Coffee and tea'),
            t(
              '<p>Évitez le café, le thé et le vin rouge pendant 48 heures.</p>',
              '<p>Avoid coffee, tea and red wine for 48 hours.</p>',
            ),
          ),
          slide(
            'sensitivity',
            t('Sensibilité', 'Sensitivity'),
            t(
              '<p>Une sensibilité au froid est normale et passe en quelques jours.</p>',
              '<p>Some sensitivity to cold is normal and passes in a few days.</p>',
            ),
          ),
        ],
      },
    ],
  },
];
