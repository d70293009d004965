import { IMPORT_COLUMNS } from '@accueil/domain';
import { notASpreadsheet } from './detect-format';

/** Header names people give each of the 11 columns (lower case, without accents, spaces or punctuation). */
const HEADER_NAMES: readonly (readonly string[])[] = [
  ['firstname', 'first', 'givenname', 'prenom'],
  ['lastname', 'last', 'surname', 'familyname', 'nom', 'nomdefamille'],
  ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'cell', 'cellulaire', 'numero', 'numerodetelephone'],
  [
    'email',
    'emailaddress',
    'mail',
    'courriel',
    'adressecourriel',
    'adresseemail',
    'adressecourrier',
    'adresseelectronique',
  ],
  [
    'birthday',
    'birthdate',
    'dateofbirth',
    'birthdays',
    'datedenaissance',
    'naissance',
    'ddn',
    'anniversaire',
  ],
  ['address', 'adresse', 'streetaddress'],
  ['city', 'ville', 'town'],
  ['postalcode', 'codepostal', 'zip', 'zipcode', 'postcode', 'cp'],
  ['language', 'langue', 'lang'],
  ['gender', 'sex', 'sexe', 'genre'],
  ['note', 'notes', 'remarque', 'remarques', 'commentaire', 'commentaires', 'comment', 'comments'],
];

/** A header cell reduced for comparison: lower case, no accents, letters only. */
export function headerKey(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** The column a header cell names (0 to 10), or -1. */
function columnNamed(cell: string): number {
  const key = headerKey(cell);
  return key ? HEADER_NAMES.findIndex((names) => names.includes(key)) : -1;
}

/**
 * Whether the first row of a file is a header: two of its cells or more name one of the 11
 * columns (in whatever place), and none of its cells has a digit (a data row has a phone).
 */
export function isHeaderRow(cells: readonly string[]): boolean {
  if (cells.some((c) => /\d/.test(c))) return false;
  return cells.filter((c) => columnNamed(c) >= 0).length >= 2;
}

/**
 * Checks a file's columns before anything is imported: a header row must name the 11 columns
 * in their order (a blank header cell is accepted); no row among those given may have more
 * than 11 cells, and the widest must have at least the first three (names and phone).
 * @throws AppError 'import-file-invalid' saying which column is wrong.
 */
export function assertImportColumns(
  header: readonly string[] | null,
  sample: readonly (readonly string[])[],
): void {
  if (header) {
    if (header.length > IMPORT_COLUMNS.length)
      throw wrongColumns(
        `The header has ${header.length} columns; the file must have ${IMPORT_COLUMNS.length}.`,
      );
    header.forEach((cell, i) => {
      if (cell.trim() !== '' && !HEADER_NAMES[i]!.includes(headerKey(cell))) {
        throw wrongColumns(
          `Column ${i + 1} is "${cell.trim().slice(0, 60)}"; expected ${IMPORT_COLUMNS[i]}.`,
        );
      }
    });
  }
  const widest = Math.max(0, ...sample.map((cells) => cells.length));
  if (widest > IMPORT_COLUMNS.length)
    throw wrongColumns(`A row has ${widest} columns; the file must have ${IMPORT_COLUMNS.length}.`);
  if (!header && sample.length > 0 && widest < 3)
    throw wrongColumns(`The rows have ${widest} columns; the file must have ${IMPORT_COLUMNS.length}.`);
}

function wrongColumns(detail: string) {
  return notASpreadsheet(
    `The file does not have the 11 columns in order (first name, last name, phone, e-mail, birthday, address, city, postal code, language, gender, note). ${detail}`,
  );
}
