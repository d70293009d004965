/**
 * Text as the library's search compares it (docs/behaviour/library.md, "Search"): lower case,
 * accents and ligatures folded (é → e, œ → oe), so « éducation » finds « education » and back.
 * Folded by the app before PostgreSQL stems it: PGlite has no `unaccent` extension, and folding
 * in one place keeps PGlite and PostgreSQL answering alike.
 */
export function foldForSearch(text: string): string {
  return text.toLowerCase().replace(/œ/g, 'oe').replace(/æ/g, 'ae').normalize('NFD').replace(/\p{M}/gu, '');
}
