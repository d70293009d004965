/**
 * The `@` being typed just before the caret (docs/behaviour/notes-and-presence.md): the text
 * after it (what the suggestions filter on) and where the `@` is; null when the caret is not in
 * a mention (an `@` inside a word, as in an e-mail address, starts none).
 */
export function mentionQueryAt(text: string, caret: number): { query: string; start: number } | null {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { query: match[2]!, start: caret - match[2]!.length - 1 };
}

/** Lower case without accents: "Émilie" is found by "emi". */
function folded(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The members whose name has a word starting with `query` (accents and case ignored), in their order. */
export function matchMembers<T extends { name: string }>(members: readonly T[], query: string): T[] {
  const q = folded(query);
  return members.filter(
    (m) =>
      folded(m.name)
        .split(/\s+/)
        .some((word) => word.startsWith(q)) || folded(m.name).startsWith(q),
  );
}

/**
 * The text with the mention at `start` (its `@` and the `query` typed after it) replaced by
 * `@Name ` and the caret after it.
 */
export function insertMention(
  text: string,
  at: { start: number; query: string },
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  const end = at.start + 1 + at.query.length;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}

/** The chosen members still named (`@Name`) in the text when it is sent: deleting the name drops the mention. */
export function mentionsKept<T extends { id: string; name: string }>(
  text: string,
  chosen: readonly T[],
): string[] {
  return [...new Set(chosen.filter((m) => text.includes(`@${m.name}`)).map((m) => m.id))];
}
