/**
 * The demo installation's content: people, businesses and French
 * message exchanges about appointments. Numbers are fictional (NANP 555-01xx).
 */

export type DemoContact = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  business?: string;
};
export type ScriptLine = { dir: 'in' | 'out'; body: string };

function email(first: string, last: string, domain: string): string {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '');
  return `${ascii(first)}.${ascii(last)}@${domain}`;
}

function contacts(
  names: [string, string][],
  areaCodes: string[],
  firstLine: number,
  businesses: Record<number, string>,
): DemoContact[] {
  return names.map(([firstName, lastName], i) => {
    const phone = `+1${areaCodes[i % areaCodes.length]}5550${firstLine + i}`;
    const business = businesses[i];
    return business
      ? {
          firstName,
          lastName,
          phone,
          email: email('info', business.split(' ')[0] ?? 'info', 'exemple.ca'),
          business,
        }
      : {
          firstName,
          lastName,
          phone,
          email: email(firstName, lastName, i % 2 ? 'exemple.ca' : 'courriel.qc.ca'),
        };
  });
}

/** 20 patients of Clinique Démo (two are businesses). */
export const CLINIC_CONTACTS = contacts(
  [
    ['Marie-Ève', 'Lavoie'],
    ['Jean-François', 'Bouchard'],
    ['Geneviève', 'Côté'],
    ['Mathieu', 'Gauthier'],
    ['Isabelle', 'Morin'],
    ['Sébastien', 'Pelletier'],
    ['Chantal', 'Bélanger'],
    ['Étienne', 'Lévesque'],
    ['Nathalie', 'Bergeron'],
    ['Maxime', 'Leblanc'],
    ['Josée', 'Girard'],
    ['Alexandre', 'Fortin'],
    ['Mélanie', 'Ouellet'],
    ['Patrick', 'Caron'],
    ['Valérie', 'Paquette'],
    ['Guillaume', 'Simard'],
    ['Karine', 'Boucher'],
    ['Olivier', 'Beaulieu'],
    ['Annie', 'Dufour'],
    ['François', 'Poirier'],
  ],
  ['514', '438', '450'],
  110,
  { 8: 'Laboratoire dentaire Rive-Sud', 15: 'Pharmacie Beaubien' },
);

/** 20 clients of Notaires Tremblay (two are businesses). */
export const NOTARY_CONTACTS = contacts(
  [
    ['Émilie', 'Cloutier'],
    ['Philippe', 'Thibault'],
    ['Sylvie', 'Demers'],
    ['Benoît', 'Lemieux'],
    ['Catherine', 'Nadeau'],
    ['Simon', 'Gagné'],
    ['Julie', 'Hébert'],
    ['Marc-André', 'Proulx'],
    ['Audrey', 'Desjardins'],
    ['Luc', 'Bisson'],
    ['Stéphanie', 'Martel'],
    ['Yannick', 'Vachon'],
    ['Caroline', 'Roy'],
    ['Denis', 'Cormier'],
    ['Marie-Claude', 'Fournier'],
    ['Hugo', 'Lapointe'],
    ['Véronique', 'Leclerc'],
    ['Dominique', 'Paré'],
    ['Francine', 'Savard'],
    ['Éric', 'Brisson'],
  ],
  ['418', '418', '450', '438'],
  150,
  { 6: 'Courtage immobilier Boréal', 13: 'Arpenteurs Lachance et associés' },
);

/** Numbers that text the teams without being contacts. */
export const CLINIC_UNKNOWN_NUMBERS = ['+15145550188', '+14505550189'];
export const NOTARY_UNKNOWN_NUMBERS = ['+14185550198', '+14385550199'];

const s = (...lines: [ScriptLine['dir'], string][]): ScriptLine[] =>
  lines.map(([dir, body]) => ({ dir, body }));

/** Exchanges of a dental/medical clinic. `{p}` is the contact's first name. */
export const CLINIC_SCRIPTS: ScriptLine[][] = [
  s(
    [
      'out',
      'Bonjour {p}, ceci est un rappel de votre rendez-vous de nettoyage le mardi 14 à 9 h 30. Répondez OUI pour confirmer.',
    ],
    ['in', 'OUI'],
    ['out', 'Merci, votre rendez-vous est confirmé. À mardi!'],
  ),
  s(
    [
      'in',
      "Bonjour, j'aimerais prendre rendez-vous pour un examen. Avez-vous des disponibilités la semaine prochaine?",
    ],
    ['out', 'Bonjour {p}! Nous avons jeudi à 13 h ou vendredi à 10 h 15. Laquelle vous convient?'],
    ['in', 'Jeudi 13 h, parfait.'],
    ['out', "C'est noté pour jeudi à 13 h. Merci et bonne journée!"],
  ),
  s(
    ['in', 'Je dois annuler mon rendez-vous de demain, ma fille est malade. Désolée!'],
    [
      'out',
      "Aucun problème {p}, j'espère qu'elle ira mieux vite. Voulez-vous reporter à la semaine prochaine?",
    ],
    ['in', 'Oui svp, en fin de journée si possible.'],
    ['out', 'Mercredi 16 h 30, est-ce que ça vous va?'],
    ['in', 'Parfait merci!'],
  ),
  s(
    [
      'out',
      'Bonjour {p}, votre prochain détartrage est dû. Souhaitez-vous que nous vous réservions une plage horaire?',
    ],
    ['in', 'Oui, plutôt le matin svp.'],
  ),
  s(
    ['in', 'Est-ce que je dois être à jeun pour ma prise de sang de lundi?'],
    ['out', 'Bonjour {p}, oui : rien à manger 12 heures avant. Vous pouvez boire de l’eau.'],
    ['in', 'Merci beaucoup!'],
  ),
  s(
    ['out', 'Bonjour {p}, votre ordonnance est prête à la réception. Nous sommes ouverts jusqu’à 17 h.'],
    ['in', 'Super, je passe cet après-midi.'],
  ),
  s(
    ['in', 'Bonjour, avez-vous reçu mon formulaire d’assurance? Je l’ai envoyé par courriel hier.'],
    ['out', 'Bonjour {p}, oui nous l’avons bien reçu. La réclamation sera transmise aujourd’hui.'],
  ),
  s(
    ['out', 'Rappel : rendez-vous demain à 8 h 45 avec Dre Gagnon. Merci d’arriver 10 minutes à l’avance.'],
    ['in', 'Est-ce que je peux me stationner derrière la clinique?'],
    ['out', 'Oui, le stationnement arrière est gratuit pour les patients.'],
  ),
  s(
    ['in', "J'ai une rage de dents depuis hier soir, avez-vous une urgence aujourd'hui?"],
    ['out', 'Bonjour {p}, nous pouvons vous voir à 11 h 30 ce matin. Est-ce possible pour vous?'],
    ['in', 'Oui merci, j’arrive!'],
  ),
  s(
    ['out', 'Bonjour {p}, le Dr Roy est en retard d’environ 20 minutes ce matin. Désolés du contretemps.'],
    ['in', 'Merci de me prévenir, je vais partir un peu plus tard.'],
  ),
];

/** Exchanges of a notary's office. */
export const NOTARY_SCRIPTS: ScriptLine[][] = [
  s(
    [
      'out',
      'Bonjour {p}, la signature de votre acte de vente est prévue le 22 à 14 h à notre bureau. Apportez deux pièces d’identité.',
    ],
    ['in', 'Parfait, nous y serons tous les deux.'],
  ),
  s(
    ['in', 'Bonjour, j’aimerais faire mon testament. Quels documents dois-je apporter?'],
    [
      'out',
      'Bonjour {p}, apportez une pièce d’identité et la liste de vos biens. Voulez-vous un rendez-vous mardi à 10 h?',
    ],
    ['in', 'Mardi 10 h me convient.'],
    ['out', 'C’est confirmé, au plaisir!'],
  ),
  s(
    ['in', 'Avez-vous reçu le certificat de localisation de l’arpenteur?'],
    ['out', 'Oui {p}, nous l’avons reçu ce matin. Tout est en ordre pour la signature.'],
  ),
  s(
    ['out', 'Bonjour {p}, votre mandat de protection est prêt à être signé. Quand seriez-vous disponible?'],
    ['in', 'Jeudi après-midi?'],
    ['out', 'Jeudi 15 h, c’est noté.'],
  ),
  s(
    ['in', 'Je dois reporter notre rendez-vous de vendredi, je suis à l’extérieur de la ville.'],
    ['out', 'Pas de souci {p}. Lundi 9 h 30 ou mardi 13 h?'],
    ['in', 'Lundi 9 h 30 svp.'],
  ),
  s(
    ['out', 'Rappel : le virement pour la mise de fonds doit être fait 48 h avant la signature.'],
    ['in', 'C’est fait depuis ce matin. Merci!'],
  ),
  s(
    ['in', 'Combien coûte une procuration notariée?'],
    ['out', 'Bonjour {p}, comptez environ 250 $ plus taxes. Voulez-vous prendre rendez-vous?'],
  ),
  s(
    [
      'out',
      'Bonjour {p}, les documents de la succession sont prêts. Vous pouvez passer les chercher à la réception.',
    ],
    ['in', 'Merci, je passe demain midi.'],
  ),
];
