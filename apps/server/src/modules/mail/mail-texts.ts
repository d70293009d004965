import type { Locale, SecureFileKind, SecureFileSalutation } from '@accueil/domain';
import type { WeeklyFigureKey } from './weekly-figures';

/**
 * The words of every mail, per interface language (fr-CA, en-CA, fr-FR). A mail is written in
 * its recipient's language. Values are plain text: the templates escape them.
 */
export type MailTexts = {
  /** The product's name in the header and the sender's signature. */
  brand: string;
  greeting: (firstName: string) => string;
  /** If the button does not work: the link spelled out follows. */
  linkFallback: string;
  footer: string;
  passwordReset: {
    subject: string;
    preview: string;
    intro: (username: string) => string;
    action: string;
    validity: (minutes: number) => string;
    notYou: string;
  };
  invitation: {
    subject: (organization: string) => string;
    preview: (inviter: string) => string;
    intro: (inviter: string, organization: string) => string;
    username: string;
    action: string;
    validity: (days: number, inviter: string) => string;
  };
  signInFailures: {
    subject: string;
    preview: string;
    intro: (count: number, username: string) => string;
    last: (when: string) => string;
    from: (address: string) => string;
    ifYou: string;
    action: string;
    ifNotYou: string;
  };
  /** The support request mailed to the support address (docs/behaviour/support.md). */
  supportRequest: {
    subject: (organization: string, name: string) => string;
    preview: (name: string) => string;
    intro: (name: string, organization: string) => string;
    person: string;
    user: string;
    organization: string;
    page: string;
    language: string;
    description: string;
    screenshot: (attached: boolean) => string;
    footer: (name: string) => string;
  };
  /** A secure file's link and code, to a contact (docs/behaviour/secure-files.md). */
  secureFile: {
    subject: (kind: SecureFileKind, organization: string) => string;
    preview: (kind: SecureFileKind, organization: string) => string;
    greeting: (salutation: SecureFileSalutation, lastName: string) => string;
    introFile: (organization: string, fileName: string) => string;
    introRequest: (organization: string) => string;
    actionFile: string;
    actionRequest: string;
    code: string;
    validity: (expiresAt: string) => string;
    keep: string;
  };
  weeklyStatistics: {
    subject: (organization: string, period: string) => string;
    preview: (organization: string, period: string) => string;
    intro: (organization: string, period: string) => string;
    figures: Record<WeeklyFigureKey, string>;
    chartTexts: string;
    chartCalls: string;
    perTeam: string;
    perDay: string;
    team: string;
    day: string;
    action: string;
  };
};

const frenchFigures = {
  conversationsOpened: 'Conversations ouvertes',
  firstResponseMedian: 'Première réponse (médiane)',
  firstResponseP90: 'Première réponse (90e centile)',
  callsAnswered: 'Appels répondus',
  callsMissed: 'Appels manqués',
};

const frenchBase = {
  brand: 'Accueil',
  greeting: (firstName: string) => `Bonjour ${firstName},`,
  passwordReset: {
    subject: 'Réinitialisation de votre mot de passe Accueil',
    preview: 'Choisissez un nouveau mot de passe pour votre compte Accueil.',
    intro: (username: string) =>
      `Nous avons reçu une demande de réinitialisation du mot de passe du compte « ${username} ».`,
    action: 'Choisir un nouveau mot de passe',
    validity: (minutes: number) =>
      `Ce lien est valide pendant ${minutes} minutes et ne fonctionne qu'une seule fois.`,
  },
  invitation: {
    subject: (organization: string) => `Votre compte Accueil pour ${organization}`,
    preview: (inviter: string) => `${inviter} vous invite à rejoindre Accueil.`,
    intro: (inviter: string, organization: string) =>
      `${inviter} vous a créé un compte Accueil pour ${organization}.`,
    username: "Votre nom d'utilisateur :",
    action: 'Choisir mon mot de passe',
    validity: (days: number, inviter: string) =>
      `Ce lien est valide pendant ${days} jours et ne fonctionne qu'une seule fois. Passé ce délai, demandez à ${inviter} de vous envoyer une nouvelle invitation.`,
  },
  signInFailures: {
    subject: 'Tentatives de connexion échouées sur votre compte Accueil',
    preview: 'Des tentatives de connexion à votre compte ont échoué.',
    intro: (count: number, username: string) =>
      `${count} tentatives de connexion au compte « ${username} » ont échoué avec un mauvais mot de passe.`,
    last: (when: string) => `Dernière tentative : ${when}.`,
    from: (address: string) => `Depuis l'adresse : ${address}.`,
    ifYou: "Si c'était vous et que vous avez oublié votre mot de passe, vous pouvez en choisir un nouveau :",
    action: 'Réinitialiser mon mot de passe',
  },
  supportRequest: {
    subject: (organization: string, name: string) => `Demande de soutien : ${organization} — ${name}`,
    preview: (name: string) => `${name} signale un problème.`,
    intro: (name: string, organization: string) => `${name} (${organization}) signale un problème.`,
    person: 'Personne',
    user: 'Utilisateur',
    organization: 'Organisation',
    page: 'Page',
    language: 'Langue',
    description: 'Description',
    screenshot: (attached: boolean) =>
      attached ? "Capture d'écran : en pièce jointe." : "Capture d'écran : aucune.",
    footer: (name: string) => `Répondez à ce message pour écrire directement à ${name}.`,
  },
};

/** The weekly report's words common to both French locales; `texts` names texts, `voicemail` the voicemail. */
function frenchWeeklyStatistics(texts: string, voicemail: string): MailTexts['weeklyStatistics'] {
  return {
    subject: (organization, period) => `Statistiques de la semaine (${period}) — ${organization}`,
    preview: (organization, period) => `Les chiffres de ${organization}, semaine ${period}.`,
    intro: (organization, period) =>
      `Voici les statistiques de ${organization} pour la semaine (${period}), par équipe et par jour.`,
    figures: {
      ...frenchFigures,
      textsIn: `${texts} reçus`,
      textsOut: `${texts} envoyés`,
      callsVoicemail: `Appels vers la ${voicemail}`,
    },
    chartTexts: `${texts} par jour`,
    chartCalls: 'Appels par jour',
    perTeam: 'Par équipe',
    perDay: 'Par jour',
    team: 'Équipe',
    day: 'Jour',
    action: 'Voir les statistiques',
  };
}

/** The secure file's words common to both French locales; `thisMail` says "this e-mail" (ce courriel, cet e-mail). */
function frenchSecureFile(thisMail: string): MailTexts['secureFile'] {
  const title: Record<SecureFileSalutation, string> = { mr: 'Monsieur', ms: 'Madame', miss: 'Mademoiselle' };
  return {
    subject: (kind, organization) =>
      kind === 'file'
        ? `${organization} vous envoie un fichier sécurisé`
        : `${organization} vous demande un fichier`,
    preview: (kind, organization) =>
      kind === 'file'
        ? `Un fichier de ${organization} vous attend.`
        : `${organization} vous invite à lui envoyer un fichier en toute sécurité.`,
    greeting: (salutation, lastName) => `Bonjour ${title[salutation]} ${lastName},`.replace(/ ,$/, ','),
    introFile: (organization, fileName) =>
      `${organization} vous a envoyé le fichier « ${fileName} ». Pour le télécharger, ouvrez le lien ci-dessous et entrez le code à 6 chiffres.`,
    introRequest: (organization) =>
      `${organization} vous invite à lui envoyer un fichier en toute sécurité. Ouvrez le lien ci-dessous, entrez le code à 6 chiffres, puis choisissez votre fichier.`,
    actionFile: 'Télécharger le fichier',
    actionRequest: 'Envoyer un fichier',
    code: 'Votre code :',
    validity: (expiresAt) =>
      `Le lien et le code fonctionnent jusqu'au ${expiresAt}${expiresAt.endsWith('.') ? '' : '.'} Après 5 codes erronés, le fichier est verrouillé.`,
    keep: `Ne transférez pas ${thisMail} : le code donne accès au fichier.`,
  };
}

const FR_CA: MailTexts = {
  ...frenchBase,
  secureFile: frenchSecureFile('ce courriel'),
  weeklyStatistics: frenchWeeklyStatistics('Textos', 'boîte vocale'),
  linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
  footer: "Ce courriel vous a été envoyé par Accueil. Répondre à ce courriel n'est pas possible.",
  passwordReset: {
    ...frenchBase.passwordReset,
    notYou: "Si vous n'avez pas fait cette demande, ignorez ce courriel : votre mot de passe reste inchangé.",
  },
  signInFailures: {
    ...frenchBase.signInFailures,
    ifNotYou:
      "Si ce n'était pas vous, quelqu'un tente peut-être de deviner votre mot de passe. Choisissez-en un nouveau et avertissez l'administrateur de votre organisation.",
  },
};

const FR_FR: MailTexts = {
  ...frenchBase,
  secureFile: frenchSecureFile('cet e-mail'),
  weeklyStatistics: frenchWeeklyStatistics('SMS', 'messagerie vocale'),
  linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
  footer: "Cet e-mail vous a été envoyé par Accueil. Il n'est pas possible d'y répondre.",
  passwordReset: {
    ...frenchBase.passwordReset,
    notYou: "Si vous n'avez pas fait cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  signInFailures: {
    ...frenchBase.signInFailures,
    ifNotYou:
      "Si ce n'était pas vous, quelqu'un essaie peut-être de deviner votre mot de passe. Choisissez-en un nouveau et prévenez l'administrateur de votre organisation.",
  },
};

const EN_CA_WEEKLY_STATISTICS: MailTexts['weeklyStatistics'] = {
  subject: (organization, period) => `Statistics of the week (${period}) — ${organization}`,
  preview: (organization, period) => `${organization}'s figures, week ${period}.`,
  intro: (organization, period) =>
    `Here are ${organization}'s statistics for the week (${period}), per team and per day.`,
  figures: {
    conversationsOpened: 'Conversations opened',
    textsIn: 'Texts received',
    textsOut: 'Texts sent',
    firstResponseMedian: 'First response (median)',
    firstResponseP90: 'First response (90th percentile)',
    callsAnswered: 'Calls answered',
    callsMissed: 'Calls missed',
    callsVoicemail: 'Calls to voicemail',
  },
  chartTexts: 'Texts per day',
  chartCalls: 'Calls per day',
  perTeam: 'Per team',
  perDay: 'Per day',
  team: 'Team',
  day: 'Day',
  action: 'See the statistics',
};

const EN_TITLES: Record<SecureFileSalutation, string> = { mr: 'Mr', ms: 'Ms', miss: 'Miss' };

const EN_CA: MailTexts = {
  weeklyStatistics: EN_CA_WEEKLY_STATISTICS,
  secureFile: {
    subject: (kind, organization) =>
      kind === 'file' ? `${organization} sent you a secure file` : `${organization} asks you for a file`,
    preview: (kind, organization) =>
      kind === 'file'
        ? `A file from ${organization} is waiting for you.`
        : `${organization} invites you to send them a file securely.`,
    greeting: (salutation, lastName) => `Dear ${EN_TITLES[salutation]} ${lastName},`.replace(/ ,$/, ','),
    introFile: (organization, fileName) =>
      `${organization} sent you the file “${fileName}”. To download it, open the link below and enter the 6-digit code.`,
    introRequest: (organization) =>
      `${organization} invites you to send them a file securely. Open the link below, enter the 6-digit code, then choose your file.`,
    actionFile: 'Download the file',
    actionRequest: 'Send a file',
    code: 'Your code:',
    validity: (expiresAt) =>
      `The link and the code work until ${expiresAt}${expiresAt.endsWith('.') ? '' : '.'} After 5 wrong codes, the file is locked.`,
    keep: 'Do not forward this e-mail: the code gives access to the file.',
  },
  brand: 'Accueil',
  greeting: (firstName) => `Hello ${firstName},`,
  linkFallback: 'If the button does not work, copy this link into your browser:',
  footer: 'This e-mail was sent by Accueil. Replies to it are not read.',
  passwordReset: {
    subject: 'Reset your Accueil password',
    preview: 'Choose a new password for your Accueil account.',
    intro: (username) => `We received a request to reset the password of the account “${username}”.`,
    action: 'Choose a new password',
    validity: (minutes) => `This link works for ${minutes} minutes, once.`,
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  invitation: {
    subject: (organization) => `Your Accueil account for ${organization}`,
    preview: (inviter) => `${inviter} invites you to Accueil.`,
    intro: (inviter, organization) => `${inviter} created an Accueil account for you at ${organization}.`,
    username: 'Your username:',
    action: 'Choose my password',
    validity: (days, inviter) =>
      `This link works for ${days} days, once. After that, ask ${inviter} to send you a new invitation.`,
  },
  signInFailures: {
    subject: 'Failed sign-in attempts on your Accueil account',
    preview: 'Sign-in attempts on your account failed.',
    intro: (count, username) =>
      `${count} attempts to sign in to the account “${username}” failed with a wrong password.`,
    last: (when) => `Last attempt: ${when}.`,
    from: (address) => `From the address: ${address}.`,
    ifYou: 'If it was you and you forgot your password, you can choose a new one:',
    action: 'Reset my password',
    ifNotYou:
      'If it was not you, someone may be trying to guess your password. Choose a new one and tell your organisation’s administrator.',
  },
  supportRequest: {
    subject: (organization, name) => `Support request: ${organization} — ${name}`,
    preview: (name) => `${name} reports a problem.`,
    intro: (name, organization) => `${name} (${organization}) reports a problem.`,
    person: 'Person',
    user: 'User',
    organization: 'Organisation',
    page: 'Page',
    language: 'Language',
    description: 'Description',
    screenshot: (attached) => (attached ? 'Screenshot: attached.' : 'Screenshot: none.'),
    footer: (name) => `Reply to this message to write to ${name} directly.`,
  },
};

const TEXTS: Record<Locale, MailTexts> = { 'fr-CA': FR_CA, 'en-CA': EN_CA, 'fr-FR': FR_FR };

/** The mail words of `locale`. */
export function mailTexts(locale: Locale): MailTexts {
  return TEXTS[locale];
}
