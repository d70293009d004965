import { slide, t, type CataloguePost } from './catalogue-text';

/** The starter catalogue's posts for organisations of no listed sector (see `STARTER_CATALOGUE`). */
export const OTHER_POSTS: readonly CataloguePost[] = [
  {
    alias: 'general_first_visit',
    sector: 'other',
    type: 'document',
    title: t('Votre première visite', 'Your first visit'),
    short: t('Comment se préparer.', 'How to get ready.'),
    steps: [
      {
        id: 'prepare',
        title: t('Se préparer', 'Getting ready'),
        slides: [
          slide(
            'arrive',
            t('Arrivée', 'Arrival'),
            t(
              '<p>Arrivez 10 minutes avant l’heure du rendez-vous.</p>',
              '<p>Arrive 10 minutes before your appointment.</p>',
            ),
          ),
          slide(
            'questions',
            t('Questions', 'Questions'),
            t(
              '<p>Notez vos questions avant de venir.</p>',
              '<p>Write down your questions before you come.</p>',
            ),
          ),
        ],
      },
    ],
  },
];
