import type { PostLocale, PostType, Sector } from '@accueil/domain';

/** One text in each locale of the library. */
export type CatalogueText = Record<PostLocale, string>;

/** fr-CA, en-CA and fr-FR texts; France's French is Québec's unless given. */
const t = (frCA: string, enCA: string, frFR: string = frCA): CatalogueText => ({
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

const slide = (id: string, label: CatalogueText, body: CatalogueText): CatalogueSlide => ({
  id,
  label,
  body,
});

/**
 * The starter catalogue shipped with the product (docs/behaviour/library.md, "The starter
 * catalogue"): a few after-care protocols per care sector and a document for the others, in
 * the three locales. Every organisation reads its sector's; marketing reads and edits all.
 * The texts are general advice written for this catalogue, for a clinic to adapt.
 */
export const STARTER_CATALOGUE: readonly CataloguePost[] = [
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
