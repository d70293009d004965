import { slide, t, type CataloguePost } from './catalogue-text';

/** The starter catalogue's posts for physiotherapy clinics (see `STARTER_CATALOGUE`). */
export const PHYSIOTHERAPY_POSTS: readonly CataloguePost[] = [
  {
    alias: 'physio_lower_back_exercises',
    sector: 'physiotherapy',
    type: 'protocol',
    title: t('Exercices pour le bas du dos', 'Lower back exercises'),
    short: t(
      'Trois exercices à faire chaque jour, sans douleur.',
      'Three exercises to do every day, without pain.',
    ),
    steps: [
      {
        id: 'daily',
        title: t('Chaque jour', 'Every day'),
        slides: [
          slide(
            'knees',
            t('Genoux à la poitrine', 'Knees to chest'),
            t(
              '<p>Allongé, ramenez les genoux vers la poitrine, 10 fois.</p>',
              '<p>Lying down, bring your knees to your chest, 10 times.</p>',
            ),
          ),
          slide(
            'bridge',
            t('Pont', 'Bridge'),
            t(
              '<p>Soulevez le bassin 5 secondes, 10 fois.</p>',
              '<p>Lift your hips for 5 seconds, 10 times.</p>',
            ),
          ),
          slide(
            'walk',
            t('Marche', 'Walking'),
            t('<p>Marchez 20 minutes à votre rythme.</p>', '<p>Walk for 20 minutes at your own pace.</p>'),
          ),
        ],
      },
    ],
  },
  {
    alias: 'physio_ankle_sprain',
    sector: 'physiotherapy',
    type: 'protocol',
    title: t('Entorse de la cheville', 'Ankle sprain'),
    short: t('Les premiers jours après une entorse.', 'The first days after a sprain.'),
    steps: [
      {
        id: 'first_days',
        title: t('Premiers jours', 'First days'),
        slides: [
          slide(
            'rest',
            t('Repos', 'Rest'),
            t('<p>Reposez la cheville et surélevez-la.</p>', '<p>Rest the ankle and keep it raised.</p>'),
          ),
          slide(
            'cold',
            t('Froid', 'Cold'),
            t(
              '<p>Glace 15 minutes toutes les deux heures.</p>',
              '<p>Ice for 15 minutes every two hours.</p>',
            ),
          ),
        ],
      },
    ],
  },
];
