import { foldText } from '../../lib/fold-text';

/**
 * The FAQ's questions, by topic, in the order shown (/faq). Each entry's question and answer are
 * the messages `help.faq.q.<id>` and `help.faq.a.<id>` of the `help` namespace, in every locale;
 * a topic's title is `help.faq.topic.<topic>`.
 */
export const FAQ_TOPICS = [
  { topic: 'texts', entries: ['sendText', 'quickMessages', 'landline', 'deleteRestore'] },
  { topic: 'calls', entries: ['answerCall', 'transferCall', 'microphone', 'missedCall'] },
  { topic: 'scheduled', entries: ['scheduleMessage'] },
  { topic: 'contacts', entries: ['importContacts', 'exportContacts'] },
  { topic: 'account', entries: ['passkey', 'signInHours', 'presence', 'language'] },
] as const;

/** One FAQ entry as shown: its id, and its question and answer in the interface language. */
export type FaqEntry = { id: string; question: string; answer: string };

/**
 * `text` folded for the FAQ's search: {@link foldText} (case and accents), and every apostrophe
 * as the typewriter one. The answers are written with the typographic apostrophe (’) in the three
 * locales, keyboards type ', and "cle d'acces" must find "clé d’accès".
 */
function foldForSearch(text: string): string {
  return foldText(text).replace(/[’‘ʼ`´]/g, "'");
}

/**
 * Whether an entry holds every word of `search` in its question or answer (case, accents and the
 * apostrophe's shape ignored, words in any order; a blank search matches every entry).
 */
export function faqMatches(entry: FaqEntry, search: string): boolean {
  const haystack = foldForSearch(`${entry.question} ${entry.answer}`);
  return foldForSearch(search)
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}
