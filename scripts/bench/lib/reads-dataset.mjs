// The read benchmark's data set: one organisation's team with N conversations
// of M messages each (plus contacts for 90 % of the numbers), generated inside the database with
// INSERT … SELECT generate_series (deterministic: ids are md5 of the row number, so a rebuild
// gives the same rows). Works on PostgreSQL (node-postgres) and PGlite: `query(sql)` runs one
// statement.

const FIRST_NAMES = [
  'Marie',
  'Jean',
  'Louise',
  'Pierre',
  'Sophie',
  'Michel',
  'Isabelle',
  'André',
  'Nathalie',
  'François',
  'Julie',
  'Luc',
  'Chantal',
  'Daniel',
  'Sylvie',
  'Martin',
  'Caroline',
  'Alain',
  'Geneviève',
  'Éric',
  'Catherine',
  'Stéphane',
  'Émilie',
  'Patrick',
  'Valérie',
  'Benoît',
  'Mélanie',
  'Yves',
  'Annie',
  'Mathieu',
  'Josée',
  'Simon',
  'Karine',
  'Olivier',
  'Audrey',
  'Guillaume',
  'Camille',
  'Félix',
  'Léa',
  'Samuel',
];
const LAST_NAMES = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
  'Simard',
  'Boucher',
  'Caron',
  'Beaulieu',
  'Cloutier',
  'Dubé',
  'Poirier',
  'Fournier',
  'Lapointe',
  'Leclerc',
  'Lefebvre',
  'Poulin',
  'Thibault',
  'St-Pierre',
  'Nadeau',
  'Martin',
  'Landry',
  'Martel',
  'Bédard',
  'Grenier',
  'Lessard',
  'Bernier',
  'Richard',
  'Michaud',
  'Hébert',
  'Desjardins',
  'Couture',
  'Turcotte',
  'Lachance',
  'Parent',
  'Blais',
  'Gosselin',
  'Savard',
  'Proulx',
  'Beaudoin',
  'Demers',
  'Perron',
  'Boudreau',
  'Lemieux',
  'Cyr',
  'Perreault',
  'Dufour',
  'Dion',
  'Mercier',
  'Bolduc',
  'Bérubé',
  'Boivin',
  'Langlois',
  'Ménard',
  'Vachon',
  'Bisson',
  'Chabot',
  'Labelle',
  'Hamel',
  'Desrosiers',
  'Marcoux',
  'Deschênes',
  'Charbonneau',
  'Rousseau',
  'Lacroix',
  'Audet',
  'Fontaine',
];
/** Message templates ({j}: a weekday; {w}: a pseudo-word of three syllables, 64,000 of them). */
const TEMPLATES = [
  'Bonjour, je voudrais confirmer mon rendez-vous de {j}. Dossier {w}.',
  'Merci beaucoup, à {j} alors!',
  'Est-ce possible de déplacer mon rendez-vous à {j} matin?',
  'Votre rendez-vous est confirmé pour {j} à 10 h 30. Référence {w}.',
  'Rappel : rendez-vous {j} à la clinique. Répondez OUI pour confirmer.',
  'OUI',
  'Je serai en retard de 10 minutes, désolé.',
  "Pouvez-vous m'envoyer la facture {w}?",
  'La facture {w} vous a été envoyée par courriel.',
  'Mon enfant a de la fièvre, faut-il annuler {j}?',
  'Nous avons une place libre {j} après-midi, ça vous convient?',
  'Parfait, merci!',
  'Bonjour, avez-vous reçu les résultats de {w}?',
  'Les résultats sont arrivés, le docteur vous appellera {j}.',
  "Est-ce que l'assurance couvre le traitement {w}?",
  'Oui, il faut apporter votre carte et le formulaire {w}.',
  'Bonne journée!',
  'Je dois annuler pour {j}, je vous rappelle.',
  "C'est noté, votre annulation est enregistrée.",
  "Quelle est l'adresse du stationnement?",
];
const DAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
const SYLLABLES =
  'ka lo mi ne ru ta vi so pe du ga fi ro za li mo be cu na te vo ri sa po de gu fa le mu ji ko bi ze ha nu wa ye xo qi to'.split(
    ' ',
  );

/** A valid version-4 uuid made from md5(expr) (the API checks the version and variant digits). */
const uid = (expr) => `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid`;
const lit = (s) => `'${s.replaceAll("'", "''")}'`;
const arr = (xs) => `ARRAY[${xs.map(lit).join(',')}]`;
/** The phone number of conversation n: unique per n (7919 is prime to 3,000,000), never 555-xxxx (the demo's). */
const phone = (n) =>
  `('+1' || (ARRAY['514','438','450','819','418','581','873','367'])[1 + ${n} % 8] || (2000000 + (${n}::bigint * 7919) % 3000000)::text)`;

/** The pseudo-word of message (n, s): what a "word from message text" search looks for. */
export function pseudoWord(n, s) {
  const h = hash(n, s);
  return (
    SYLLABLES[Math.floor(h / 140) % 40] +
    SYLLABLES[Math.floor(h / 5600) % 40] +
    SYLLABLES[Math.floor(h / 224000) % 40]
  );
}
const hash = (n, s) => Number((BigInt(n) * 2654435761n + BigInt(s) * 40503n) % 4294967296n);
const hashSql = `((n::bigint * 2654435761 + s::bigint * 40503) % 4294967296)`;
/** The template index of message (n, s), to find one that contains a pseudo-word. */
export const templateOf = (n, s) => TEMPLATES[hash(n, s) % 20];
export { LAST_NAMES };

/**
 * The statements that fill the tables (after migrations and the demo seed): contacts,
 * conversations (30 % active, 20 of them pinned; 2 % of actives unread), messages
 * (alternating inbound/outbound, every 17 minutes up to the conversation's update time;
 * newest conversation n = 1, then one every 41 s). Messages are inserted in time order, as a
 * live inbox writes them: a conversation's messages are spread over the table, not side by side.
 */
export function fillStatements({ org, team, teamNumber, conversations: N, perConversation: M }) {
  const body = `replace(replace((${arr(TEMPLATES)})[1 + (h % 20)::int], '{j}', (${arr(DAYS)})[1 + ((h / 20) % 7)::int]), '{w}', (${arr(SYLLABLES)})[1 + ((h / 140) % 40)::int] || (${arr(SYLLABLES)})[1 + ((h / 5600) % 40)::int] || (${arr(SYLLABLES)})[1 + ((h / 224000) % 40)::int])`;
  const updatedAt = `(now() - n * interval '41 seconds')`;
  return [
    `INSERT INTO contacts (id, organization_id, first_name, last_name, phone, created_at)
     SELECT ${uid("'k' || n")}, '${org}', (${arr(FIRST_NAMES)})[1 + ((n::bigint * 2654435761) % 4294967291 % ${FIRST_NAMES.length})::int], (${arr(LAST_NAMES)})[1 + ((n::bigint * 2246822519) % 4294967291 % ${LAST_NAMES.length})::int], ${phone('n')}, ${updatedAt} - interval '90 days'
     FROM generate_series(1, ${N}) n WHERE n % 10 <> 0`,
    `INSERT INTO conversations (id, sid, organization_id, team_id, contact_id, friendly_name, status, attributes, version, last_seq, last_message_id, created_at, updated_at)
     SELECT ${uid("'c' || n")}, 'CH' || md5('c' || n), '${org}', '${team}', CASE WHEN n % 10 <> 0 THEN ${uid("'k' || n")} END, ${phone('n')},
       CASE WHEN n % 10 < 3 THEN 'active' ELSE 'inactive' END,
       CASE WHEN n % 5000 = 1 THEN '{"pinned":true}'::jsonb WHEN n % 50 = 2 THEN '{"hasNotification":true}'::jsonb ELSE '{}'::jsonb END,
       ${M + 1}, ${M}, ${uid(`'m' || n || '.' || ${M}`)}, ${updatedAt} - ${M - 1} * interval '17 minutes', ${updatedAt}
     FROM generate_series(1, ${N}) n`,
    `INSERT INTO messages (id, organization_id, conversation_id, seq, version, author, author_name, author_user_id, "from", "to", body, carrier, carrier_message_id, status, direction, created_at, updated_at)
     SELECT ${uid("'m' || n || '.' || s")}, '${org}', ${uid("'c' || n")}, s, 1,
       CASE WHEN inbound THEN p ELSE 'admin' END, CASE WHEN inbound THEN NULL ELSE 'Sophie Gagnon' END, NULL,
       CASE WHEN inbound THEN p ELSE '${teamNumber}' END, CASE WHEN inbound THEN '${teamNumber}' ELSE p END,
       ${body}, 'twilio', 'SM' || md5('m' || n || '.' || s), CASE WHEN inbound THEN 'received' ELSE 'delivered' END,
       CASE WHEN inbound THEN 'inbound' ELSE 'outbound' END, at, at
     FROM generate_series(1, ${N}) n, LATERAL (SELECT ${phone('n')} AS p) ph, generate_series(1, ${M}) s,
       LATERAL (SELECT ${hashSql} AS h, (n + s) % 3 <> 0 AS inbound, ${updatedAt} - (${M} - s) * interval '17 minutes' AS at) x
     ORDER BY at`,
  ];
}

/**
 * Fills the tables fast: secondary indexes of the three tables are dropped and rebuilt after
 * the inserts (their definitions are read from the catalogue, so a new migration's index is
 * rebuilt too), foreign-key triggers are off for the session (the rows are consistent by
 * construction). Returns the seconds spent per step.
 */
export async function fill(query, opts, log = () => {}) {
  const t = {};
  const step = async (name, fn) => {
    const t0 = performance.now();
    await fn();
    t[name] = Math.round((performance.now() - t0) / 100) / 10;
    log(`${name}: ${t[name]} s`);
  };
  const { rows } =
    await query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ('contacts','conversations','messages')
    AND indexname NOT IN (SELECT conname FROM pg_constraint)`);
  await query(`SET session_replication_role = replica`);
  await query(`SET maintenance_work_mem = '${opts.maintenanceWorkMem ?? '512MB'}'`);
  await query(`SET work_mem = '${opts.maintenanceWorkMem ?? '512MB'}'`);
  await step('dropIndexes', async () => {
    for (const r of rows) await query(`DROP INDEX "${r.indexname}"`);
  });
  const [contacts, conversations, messages] = fillStatements(opts);
  await step('contacts', () => query(contacts));
  await step('conversations', () => query(conversations));
  await step('messages', () => query(messages));
  await step('indexes', async () => {
    for (const r of rows) {
      const t0 = performance.now();
      await query(r.indexdef);
      log(`  ${r.indexname}: ${Math.round(performance.now() - t0) / 1000} s`);
    }
  });
  await query(`SET session_replication_role = origin`);
  await step('vacuumAnalyze', () => query(`VACUUM (ANALYZE) contacts, conversations, messages`));
  return t;
}
