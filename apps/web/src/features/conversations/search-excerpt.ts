/** Characters kept before a match that lies further into a text than this (the row shows one line). */
const LEAD_CHARS = 24;

/**
 * The part of `text` to show in one list row so that the first occurrence of `term` (case
 * ignored) is visible: whitespace folded to single spaces; when the match lies past the first
 * LEAD_CHARS characters, the text starts at a word boundary shortly before it, after `…`.
 * The text itself when `term` is empty or absent.
 */
export function searchExcerpt(text: string, term: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = term ? flat.toLocaleLowerCase().indexOf(term.toLocaleLowerCase()) : -1;
  if (at <= LEAD_CHARS) return flat;
  const space = flat.lastIndexOf(' ', at - LEAD_CHARS);
  const start = space === -1 || at - space > LEAD_CHARS * 2 ? at - LEAD_CHARS : space + 1;
  return `…${flat.slice(start)}`;
}
