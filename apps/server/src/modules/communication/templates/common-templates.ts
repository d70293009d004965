import { l, type TemplateText } from './template-text';

/**
 * The SMS templates every sector gets: what any office that books appointments texts its
 * clients. Sector-specific ones are in `sector-templates.ts`.
 */
export const COMMON_TEMPLATES: readonly TemplateText[] = [
  {
    id: 'appointment-reminder',
    title: l('Rappel de rendez-vous', 'Appointment reminder', 'Rappel de rendez-vous'),
    body: l(
      'Bonjour {{first_name}}, petit rappel : vous avez rendez-vous demain chez {{organization_name}}. Répondez OUI pour confirmer, ou appelez-nous pour le déplacer. Merci!',
      'Hello {{first_name}}, a quick reminder of your appointment tomorrow at {{organization_name}}. Reply YES to confirm, or call us to reschedule. Thank you!',
      'Bonjour {{first_name}}, nous vous rappelons votre rendez-vous de demain chez {{organization_name}}. Répondez OUI pour le confirmer, ou appelez-nous pour le déplacer. Merci !',
    ),
  },
  {
    id: 'appointment-confirmation',
    title: l('Confirmation de rendez-vous', 'Appointment confirmation', 'Confirmation de rendez-vous'),
    body: l(
      'Bonjour {{first_name}}, votre rendez-vous chez {{organization_name}} est confirmé. En cas d’empêchement, prévenez-nous au moins 24 heures à l’avance. Au plaisir!',
      'Hello {{first_name}}, your appointment at {{organization_name}} is confirmed. If you cannot make it, please let us know at least 24 hours ahead. See you soon!',
      'Bonjour {{first_name}}, votre rendez-vous chez {{organization_name}} est bien confirmé. En cas d’empêchement, merci de nous prévenir au moins 24 heures à l’avance. À bientôt !',
    ),
  },
  {
    id: 'appointment-reschedule',
    title: l('Rendez-vous à déplacer', 'Appointment to reschedule', 'Rendez-vous à déplacer'),
    body: l(
      'Bonjour {{first_name}}, nous devons malheureusement déplacer votre rendez-vous chez {{organization_name}}. Répondez à ce texto ou appelez-nous pour choisir une nouvelle plage. Désolés de l’inconvénient.',
      'Hello {{first_name}}, unfortunately we need to move your appointment at {{organization_name}}. Reply to this text or call us to choose a new time. Sorry for the inconvenience.',
      'Bonjour {{first_name}}, nous devons malheureusement déplacer votre rendez-vous chez {{organization_name}}. Répondez à ce SMS ou appelez-nous pour choisir un nouveau créneau. Veuillez nous excuser pour ce contretemps.',
    ),
  },
  {
    id: 'missed-call',
    title: l('Appel manqué', 'Missed call', 'Appel manqué'),
    body: l(
      'Bonjour {{first_name}}, nous avons manqué votre appel. Vous pouvez nous écrire ici par texto : un membre de l’équipe de {{organization_name}} vous répondra dès que possible.',
      'Hello {{first_name}}, sorry we missed your call. You can text us here: someone from the {{organization_name}} team will answer as soon as possible.',
      'Bonjour {{first_name}}, nous avons manqué votre appel. Vous pouvez nous écrire ici par SMS : un membre de l’équipe de {{organization_name}} vous répondra dès que possible.',
    ),
  },
  {
    id: 'follow-up',
    title: l('Suivi après la visite', 'Follow-up after a visit', 'Suivi après la visite'),
    body: l(
      'Bonjour {{first_name}}, merci de votre visite chez {{organization_name}}. Comment allez-vous depuis? Si vous avez des questions, répondez simplement à ce message.',
      'Hello {{first_name}}, thank you for visiting {{organization_name}}. How have you been since? If you have any questions, simply reply to this message.',
      'Bonjour {{first_name}}, merci de votre visite chez {{organization_name}}. Comment allez-vous depuis ? Pour toute question, répondez simplement à ce message.',
    ),
  },
  {
    id: 'office-closed',
    title: l('Fermeture du bureau', 'Office closed', 'Fermeture exceptionnelle'),
    body: l(
      'Bonjour, veuillez noter que {{organization_name}} sera exceptionnellement fermé. Nous répondrons à vos messages dès notre retour. Merci de votre compréhension.',
      'Hello, please note that {{organization_name}} will be closed. We will answer your messages as soon as we are back. Thank you for your understanding.',
      'Bonjour, {{organization_name}} sera exceptionnellement fermé. Nous répondrons à vos messages dès notre retour. Merci de votre compréhension.',
    ),
  },
];
