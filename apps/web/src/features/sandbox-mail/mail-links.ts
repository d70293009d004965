/** The web addresses in a mail's text part, each once, in order (the text part spells every link out). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
}
