// A realistic address book for the contacts benchmarks: Québec family names at their rough
// frequencies (one contact in ten has one of the 100 common names, by a 1/rank law: Tremblay
// 1.5 %, Gagnon 0.9 %, Roy 0.6 %, Côté 0.5 %, as in Québec; the others have one of 8,000 rarer
// names, ≈ 60 contacts each), first names by a 1/rank law (Marie 18 %: a dense term), with accents,
// e-mails built from the names at the usual providers, phones spread over the province's area
// codes. Written straight into the database by one INSERT … SELECT per batch (deterministic: the
// same `g` always gives the same contact), so a data set of 500,000 takes seconds, not an import.

/** Common family names, most frequent first (their weight falls as 1/rank). */
export const COMMON_LAST_NAMES = [
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
  'Perreault',
  'Boudreau',
  'Lemieux',
  'Cyr',
  'Perron',
  'Dufour',
  'Dion',
  'Mercier',
  'Bolduc',
  'Bérubé',
  'Boisvert',
  'Langlois',
  'Ménard',
  'Therrien',
  'Plante',
  'Bilodeau',
  'Blanchette',
  'Dubois',
  'Champagne',
  'Paradis',
  'Fortier',
  'Arsenault',
  'Dupuis',
  'Gaudreault',
  'Hamel',
  'Houle',
  'Villeneuve',
  'Rousseau',
  'Gravel',
  'Thériault',
  'Lemay',
  'Robert',
  'Allard',
  'Deschênes',
  'Giroux',
  'Guay',
  'Leduc',
  'Boivin',
  'Charbonneau',
  'Lambert',
  'Raymond',
  'Vachon',
  'Gilbert',
  'Audet',
  'Jean',
  'Larouche',
];

/** Common first names (weight falls as 1/rank). */
export const FIRST_NAMES = [
  'Marie',
  'Jean',
  'Pierre',
  'Michel',
  'Louise',
  'Sylvie',
  'François',
  'Nathalie',
  'Daniel',
  'Johanne',
  'Martin',
  'Diane',
  'Luc',
  'Hélène',
  'André',
  'Lucie',
  'Julie',
  'Stéphane',
  'Isabelle',
  'Sophie',
  'Éric',
  'Geneviève',
  'Mathieu',
  'Mélanie',
  'Alexandre',
  'Catherine',
  'Nicolas',
  'Émilie',
  'Simon',
  'Valérie',
  'Gabriel',
  'Chloé',
  'Olivier',
  'Léa',
  'William',
  'Zoé',
  'Thomas',
  'Camille',
  'Félix',
  'Jérôme',
  'Ginette',
  'Réjean',
  'Françoise',
  'Gaétan',
  'Denise',
  'Benoît',
  'Maxime',
  'Noémie',
];

const DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'videotron.ca',
  'outlook.com',
  'yahoo.ca',
  'sympatico.ca',
  'icloud.com',
  'bell.net',
];
const AREAS = ['514', '438', '450', '579', '418', '581', '819', '873'];
const SYLLABLES = [
  'ber',
  'ti',
  'lan',
  'ge',
  'mar',
  'do',
  'ri',
  'vel',
  'cha',
  'non',
  'bou',
  'tre',
  'lo',
  'san',
  'gi',
  'que',
  'pa',
  'ron',
  'fe',
  'lix',
];

const sqlArray = (xs) => `ARRAY[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(',')}]`;

/**
 * The INSERT of contacts `from` … `to` (inclusive) of organisation `org`. One family name in ten
 * comes from `COMMON_LAST_NAMES` by a 1/rank law, the others are made of three syllables (8,000
 * rarer names); first names by a 1/rank law; the e-mail `first.last<g>@provider` without
 * accents for 70 %; a unique phone for 90 % (area code by `g`, number from `g`).
 */
export function insertContactsSql(org, from, to) {
  const n = COMMON_LAST_NAMES.length;
  const f = FIRST_NAMES.length;
  // rank ~ 1/r: floor(n ^ u) - 1 for u uniform in [0,1) gives P(rank ≤ r) ≈ log(r)/log(n).
  return `INSERT INTO contacts (organization_id, first_name, last_name, phone, email, gender, city)
    SELECT '${org}', fn, ln,
      CASE WHEN g % 10 <> 9 THEN '+1' || (${sqlArray(AREAS)})[1 + g % ${AREAS.length}] || (2000000 + ((g / ${AREAS.length}) * 7919) % 8000000)::text END,
      CASE WHEN g % 10 < 7 THEN lower(public.unaccent(replace(fn, ' ', '') || '.' || replace(ln, ' ', ''))) || (g % 97) || '@' || (${sqlArray(DOMAINS)})[1 + (g / 7) % ${DOMAINS.length}] END,
      CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END, 'Montréal'
    FROM (
      SELECT g,
        (${sqlArray(FIRST_NAMES)})[floor(power(${f}, hu))::int] AS fn,
        CASE WHEN hv < 0.1
          THEN (${sqlArray(COMMON_LAST_NAMES)})[floor(power(${n}, hv * 10))::int]
          ELSE initcap((${sqlArray(SYLLABLES)})[1 + (g * 7) % 20] || (${sqlArray(SYLLABLES)})[1 + (g / 20 * 13) % 20] || (${sqlArray(SYLLABLES)})[1 + (g / 400 * 3) % 20])
        END AS ln
      FROM (
        SELECT g, ((g * 2654435761) % 4294967296) / 4294967296.0 AS hu, ((g * 40503 + 12345) % 65536) / 65536.0 AS hv
        FROM generate_series(${from}::bigint, ${to}::bigint) g
      ) h
    ) x`;
}
