import { slide, t, type CataloguePost } from './catalogue-text';

/** The starter catalogue's posts for veterinary clinics (see `STARTER_CATALOGUE`). */
export const VETERINARY_POSTS: readonly CataloguePost[] = [
  {
    alias: 'veterinary_sterilisation_aftercare',
    sector: 'veterinary',
    type: 'protocol',
    title: t('Après la stérilisation de votre animal', 'After your pet’s spay or neuter surgery'),
    short: t('Les dix jours de convalescence.', 'The ten days of recovery.'),
    steps: [
      {
        id: 'recovery',
        title: t('Convalescence', 'Recovery'),
        slides: [
          slide(
            'collar',
            t('Collerette', 'Cone'),
            t(
              '<p>Gardez la collerette jusqu’au retrait des points.</p>',
              '<p>Keep the cone on until the stitches are removed.</p>',
            ),
          ),
          slide(
            'activity',
            t('Activité', 'Activity'),
            t(
              '<p>Pas de course ni de saut pendant 10 jours.</p>',
              '<p>No running or jumping for 10 days.</p>',
            ),
          ),
        ],
      },
    ],
  },
  {
    alias: 'veterinary_vaccination_schedule',
    sector: 'veterinary',
    type: 'protocol',
    title: t('Vaccins du chiot et du chaton', 'Puppy and kitten vaccines'),
    short: t('Le calendrier des premiers vaccins.', 'The schedule of the first vaccines.'),
    steps: [
      {
        id: 'schedule',
        title: t('Calendrier', 'Schedule'),
        slides: [
          slide(
            'first',
            t('8 semaines', '8 weeks'),
            t('<p>Premier vaccin et examen complet.</p>', '<p>First vaccine and full check-up.</p>'),
          ),
          slide(
            'boosters',
            t('Rappels', 'Boosters'),
            t('<p>Rappels à 12 et 16 semaines.</p>', '<p>Boosters at 12 and 16 weeks.</p>'),
          ),
        ],
      },
    ],
  },
];
