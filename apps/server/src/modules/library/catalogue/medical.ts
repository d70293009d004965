import { slide, t, type CataloguePost } from './catalogue-text';

/** The starter catalogue's posts for medical clinics (see `STARTER_CATALOGUE`). */
export const MEDICAL_POSTS: readonly CataloguePost[] = [
  {
    alias: 'medical_vaccination_aftercare',
    sector: 'medical',
    type: 'protocol',
    title: t('Après votre vaccination', 'After your vaccination'),
    short: t('Réactions habituelles et quand consulter.', 'Usual reactions and when to see a doctor.'),
    steps: [
      {
        id: 'usual',
        title: t('Réactions habituelles', 'Usual reactions'),
        slides: [
          slide(
            'arm',
            t('Bras douloureux', 'Sore arm'),
            t(
              '<p>Une rougeur ou une douleur au bras peut durer deux jours.</p>',
              '<p>Redness or pain in the arm may last two days.</p>',
            ),
          ),
          slide(
            'fever',
            t('Fièvre', 'Fever'),
            t(
              '<p>Une légère fièvre peut être soulagée par de l’acétaminophène.</p>',
              '<p>A mild fever can be eased with acetaminophen.</p>',
              '<p>Une légère fièvre peut être soulagée par du paracétamol.</p>',
            ),
          ),
          slide(
            'urgent',
            t('Urgence', 'Emergency'),
            t(
              '<p>Difficulté à respirer : composez le 911.</p>',
              '<p>Trouble breathing: call 911.</p>',
              '<p>Difficulté à respirer : composez le 15.</p>',
            ),
          ),
        ],
      },
    ],
  },
  {
    alias: 'medical_blood_test_preparation',
    sector: 'medical',
    type: 'protocol',
    title: t('Préparer une prise de sang', 'Getting ready for a blood test'),
    short: t('Le jeûne et les documents à apporter.', 'Fasting and what to bring.'),
    steps: [
      {
        id: 'before',
        title: t('Avant la prise de sang', 'Before the test'),
        slides: [
          slide(
            'fasting',
            t('À jeun', 'Fasting'),
            t(
              '<p>Ne mangez pas pendant les 12 heures qui précèdent. L’eau est permise.</p>',
              '<p>Do not eat for 12 hours before. Water is allowed.</p>',
            ),
          ),
          slide(
            'card',
            t('Carte', 'Card'),
            t(
              '<p>Apportez votre carte d’assurance maladie.</p>',
              '<p>Bring your health insurance card.</p>',
              '<p>Apportez votre carte Vitale.</p>',
            ),
          ),
        ],
      },
    ],
  },
];
