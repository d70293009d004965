/**
 * A text folded for searching: lower case, accents removed, so that "Élise" and "elise", or
 * "Transférer" and "transferer", match each other. Used by every client-side search box.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
