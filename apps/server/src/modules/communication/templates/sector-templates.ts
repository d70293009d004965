import type { Sector } from '@accueil/domain';
import { l, type TemplateText } from './template-text';

/**
 * The SMS templates of each sector, besides the common ones: documents to bring, care after a
 * visit, recalls. Québec's French says « texto » and « courriel », France's « SMS » and « e-mail »;
 * health cards differ (RAMQ in Québec, carte Vitale in France).
 */
export const SECTOR_TEMPLATES: Record<Sector, readonly TemplateText[]> = {
  dental: [
    {
      id: 'dental-documents-to-bring',
      title: l('Documents à apporter', 'What to bring', 'Documents à apporter'),
      body: l(
        'Bonjour {{first_name}}, pour votre rendez-vous chez {{organization_name}}, apportez votre carte d’assurance dentaire, la liste de vos médicaments et, pour une première visite, vos radiographies récentes si vous en avez.',
        'Hello {{first_name}}, for your appointment at {{organization_name}}, please bring your dental insurance card, the list of your medications and, for a first visit, any recent X-rays you have.',
        'Bonjour {{first_name}}, pour votre rendez-vous chez {{organization_name}}, pensez à apporter votre carte Vitale, votre attestation de mutuelle, la liste de vos médicaments et vos radiographies récentes si vous en avez.',
      ),
    },
    {
      id: 'dental-after-care',
      title: l('Conseils après le traitement', 'After-treatment care', 'Conseils après le soin'),
      body: l(
        'Bonjour {{first_name}}, suite à votre traitement d’aujourd’hui, évitez de manger tant que l’anesthésie fait effet et privilégiez les aliments tièdes pendant 24 heures. Une douleur qui augmente? Appelez {{organization_name}}.',
        'Hello {{first_name}}, after today’s treatment, avoid eating while the numbness lasts and prefer lukewarm food for 24 hours. Pain getting worse? Call {{organization_name}}.',
        'Bonjour {{first_name}}, suite à votre soin d’aujourd’hui, évitez de manger tant que l’anesthésie fait effet et privilégiez les aliments tièdes pendant 24 heures. Une douleur qui augmente ? Appelez {{organization_name}}.',
      ),
    },
    {
      id: 'dental-cleaning-recall',
      title: l('Rappel de nettoyage', 'Cleaning recall', 'Rappel de détartrage'),
      body: l(
        'Bonjour {{first_name}}, il est temps de prendre rendez-vous pour votre examen et nettoyage dentaire chez {{organization_name}}. Répondez à ce texto pour réserver.',
        'Hello {{first_name}}, it is time to book your dental exam and cleaning at {{organization_name}}. Reply to this text to book.',
        'Bonjour {{first_name}}, il est temps de prendre rendez-vous pour votre contrôle et détartrage chez {{organization_name}}. Répondez à ce SMS pour réserver.',
      ),
    },
  ],
  medical: [
    {
      id: 'medical-documents-to-bring',
      title: l('Documents à apporter', 'What to bring', 'Documents à apporter'),
      body: l(
        'Bonjour {{first_name}}, pour votre rendez-vous chez {{organization_name}}, apportez votre carte d’assurance maladie (RAMQ), la liste de vos médicaments et vos derniers résultats d’examens.',
        'Hello {{first_name}}, for your appointment at {{organization_name}}, please bring your health insurance card, the list of your medications and your latest test results.',
        'Bonjour {{first_name}}, pour votre rendez-vous chez {{organization_name}}, pensez à apporter votre carte Vitale, votre ordonnance en cours et vos derniers résultats d’analyses.',
      ),
    },
    {
      id: 'medical-results-ready',
      title: l('Résultats disponibles', 'Results available', 'Résultats disponibles'),
      body: l(
        'Bonjour {{first_name}}, vos résultats sont arrivés chez {{organization_name}}. Appelez-nous pour prendre rendez-vous et en discuter avec votre médecin.',
        'Hello {{first_name}}, your results have arrived at {{organization_name}}. Please call us to book a time to go over them with your doctor.',
        'Bonjour {{first_name}}, vos résultats sont arrivés chez {{organization_name}}. Appelez-nous pour prendre rendez-vous et en parler avec votre médecin.',
      ),
    },
    {
      id: 'medical-fasting',
      title: l('Prise de sang à jeun', 'Fasting blood test', 'Prise de sang à jeun'),
      body: l(
        'Bonjour {{first_name}}, pour votre prise de sang demain chez {{organization_name}}, restez à jeun 12 heures avant (l’eau est permise). Apportez votre requête et votre carte d’assurance maladie.',
        'Hello {{first_name}}, for your blood test tomorrow at {{organization_name}}, do not eat for 12 hours before (water is fine). Bring your requisition and your health card.',
        'Bonjour {{first_name}}, pour votre prise de sang demain chez {{organization_name}}, restez à jeun 12 heures avant (l’eau est autorisée). Apportez votre ordonnance et votre carte Vitale.',
      ),
    },
  ],
  physiotherapy: [
    {
      id: 'physio-what-to-wear',
      title: l('Tenue et documents', 'What to wear and bring', 'Tenue et documents'),
      body: l(
        'Bonjour {{first_name}}, pour votre séance chez {{organization_name}}, portez des vêtements confortables et apportez vos rapports médicaux ou d’imagerie, s’il y a lieu.',
        'Hello {{first_name}}, for your session at {{organization_name}}, please wear comfortable clothes and bring any medical or imaging reports.',
        'Bonjour {{first_name}}, pour votre séance chez {{organization_name}}, prévoyez une tenue confortable et apportez votre ordonnance ainsi que vos comptes rendus d’imagerie.',
      ),
    },
    {
      id: 'physio-exercises',
      title: l('Rappel des exercices', 'Exercise reminder', 'Rappel des exercices'),
      body: l(
        'Bonjour {{first_name}}, n’oubliez pas vos exercices à la maison : c’est ce qui fait la différence! Une question ou une douleur inhabituelle? Écrivez à {{organization_name}}.',
        'Hello {{first_name}}, remember your home exercises: they make the difference! A question or unusual pain? Text {{organization_name}}.',
        'Bonjour {{first_name}}, n’oubliez pas vos exercices à la maison : ce sont eux qui font la différence ! Une question ou une douleur inhabituelle ? Écrivez à {{organization_name}}.',
      ),
    },
  ],
  optometry: [
    {
      id: 'optometry-glasses-ready',
      title: l('Lunettes prêtes', 'Glasses ready', 'Lunettes prêtes'),
      body: l(
        'Bonjour {{first_name}}, vos lunettes sont prêtes chez {{organization_name}}! Passez les chercher pendant nos heures d’ouverture pour un ajustement.',
        'Hello {{first_name}}, your glasses are ready at {{organization_name}}! Drop by during our opening hours for a fitting.',
        'Bonjour {{first_name}}, vos lunettes sont prêtes chez {{organization_name}} ! Passez les récupérer pendant nos horaires d’ouverture pour un ajustement.',
      ),
    },
    {
      id: 'optometry-exam-recall',
      title: l('Rappel d’examen de la vue', 'Eye exam recall', 'Rappel d’examen de la vue'),
      body: l(
        'Bonjour {{first_name}}, votre dernier examen de la vue date de plus d’un an. Répondez à ce texto pour prendre rendez-vous chez {{organization_name}}.',
        'Hello {{first_name}}, your last eye exam was over a year ago. Reply to this text to book one at {{organization_name}}.',
        'Bonjour {{first_name}}, votre dernier examen de la vue date de plus d’un an. Répondez à ce SMS pour prendre rendez-vous chez {{organization_name}}.',
      ),
    },
  ],
  veterinary: [
    {
      id: 'veterinary-vaccine-due',
      title: l('Vaccins à renouveler', 'Vaccines due', 'Vaccins à renouveler'),
      body: l(
        'Bonjour {{first_name}}, les vaccins de votre animal sont à renouveler. Répondez à ce texto pour prendre rendez-vous chez {{organization_name}}.',
        'Hello {{first_name}}, your pet’s vaccines are due. Reply to this text to book a visit at {{organization_name}}.',
        'Bonjour {{first_name}}, les vaccins de votre animal sont à renouveler. Répondez à ce SMS pour prendre rendez-vous chez {{organization_name}}.',
      ),
    },
    {
      id: 'veterinary-surgery-preparation',
      title: l('Préparation à la chirurgie', 'Surgery preparation', 'Préparation à l’opération'),
      body: l(
        'Bonjour {{first_name}}, pour la chirurgie de demain chez {{organization_name}}, votre animal doit être à jeun à partir de minuit (l’eau est permise). Arrivée prévue à 8 h.',
        'Hello {{first_name}}, for tomorrow’s surgery at {{organization_name}}, your pet must not eat after midnight (water is fine). Please arrive at 8 a.m.',
        'Bonjour {{first_name}}, pour l’opération de demain chez {{organization_name}}, votre animal doit être à jeun à partir de minuit (l’eau est autorisée). Arrivée prévue à 8 h.',
      ),
    },
  ],
  notary: [
    {
      id: 'notary-documents-to-bring',
      title: l('Documents à apporter', 'What to bring', 'Pièces à apporter'),
      body: l(
        'Bonjour {{first_name}} {{last_name}}, pour votre rendez-vous chez {{organization_name}}, apportez une pièce d’identité avec photo valide et les documents demandés. Chaque signataire doit être présent.',
        'Hello {{first_name}} {{last_name}}, for your appointment at {{organization_name}}, please bring valid photo ID and the documents we asked for. Every signatory must attend.',
        'Bonjour {{first_name}} {{last_name}}, pour votre rendez-vous à l’étude {{organization_name}}, munissez-vous d’une pièce d’identité en cours de validité et des pièces demandées. Chaque signataire doit être présent.',
      ),
    },
    {
      id: 'notary-documents-ready',
      title: l('Documents prêts à signer', 'Documents ready to sign', 'Acte prêt à signer'),
      body: l(
        'Bonjour {{first_name}}, vos documents sont prêts à être signés chez {{organization_name}}. Répondez à ce texto pour fixer un rendez-vous de signature.',
        'Hello {{first_name}}, your documents are ready to be signed at {{organization_name}}. Reply to this text to book a signing appointment.',
        'Bonjour {{first_name}}, votre acte est prêt à être signé à l’étude {{organization_name}}. Répondez à ce SMS pour fixer un rendez-vous de signature.',
      ),
    },
  ],
  other: [
    {
      id: 'other-documents-to-bring',
      title: l('Documents à apporter', 'What to bring', 'Documents à apporter'),
      body: l(
        'Bonjour {{first_name}}, pour votre rendez-vous chez {{organization_name}}, apportez une pièce d’identité et les documents utiles à votre demande. Merci!',
        'Hello {{first_name}}, for your appointment at {{organization_name}}, please bring ID and any documents related to your request. Thank you!',
        'Bonjour {{first_name}}, pour votre rendez-vous chez {{organization_name}}, munissez-vous d’une pièce d’identité et des documents utiles à votre demande. Merci !',
      ),
    },
    {
      id: 'other-thank-you',
      title: l('Remerciement', 'Thank you', 'Remerciement'),
      body: l(
        'Bonjour {{first_name}}, toute l’équipe de {{organization_name}} vous remercie de votre confiance. Nous restons disponibles par texto pour toute question.',
        'Hello {{first_name}}, the whole {{organization_name}} team thanks you for your trust. We remain available by text for any question.',
        'Bonjour {{first_name}}, toute l’équipe de {{organization_name}} vous remercie de votre confiance. Nous restons disponibles par SMS pour toute question.',
      ),
    },
  ],
};
