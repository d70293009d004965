import { SEARCH_MIN_CHARS } from '@accueil/domain';
import { sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../db/schema/contacts';

/** Escapes LIKE wildcards so the term matches literally (backslash is LIKE's escape). */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The search predicate of the contacts list (docs/behaviour/contacts.md): the term, lower case
 * and without accents, inside the generated `search_text` (names, e-mail, phone; trigram index),
 * so 'Helene' finds 'Hélène'. A term that looks like a phone number ('514-555 12',
 * '(514) 555-1234') is also looked for by its digits (the phone is stored as E.164).
 */
export function contactSearchPredicate(term: string): SQL {
  const arms = [sql`${contacts.searchText} like lower(contacts_unaccent(${likePattern(term)}))`];
  const digits = term.replace(/\D/g, '');
  if (/^[\d\s().+-]+$/.test(term) && digits.length >= SEARCH_MIN_CHARS && digits !== term) {
    arms.push(sql`${contacts.searchText} like ${likePattern(digits)}`);
  }
  return sql`(${sql.join(arms, sql` or `)})`;
}
