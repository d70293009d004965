import { TZDate } from '@date-fns/tz';

/**
 * The dynamic tokens a quick message, a scheduled message or an automatic reply may hold
 * (docs/behaviour/quick-messages.md "Tokens"). Each is written `{{key}}` in the text and
 * replaced, when the text is sent, by the value for the contact it goes to:
 * - `first_name`, `last_name`: the contact's (missing when the conversation has no contact,
 *   or the contact's field is blank);
 * - `date`: the sending day in the organisation's time zone, `DD / MM / YYYY`;
 * - `organization_name`: the organisation's name.
 */
export const COMMUNICATION_TOKEN_KEYS = ['first_name', 'last_name', 'date', 'organization_name'] as const;
export type CommunicationTokenKey = (typeof COMMUNICATION_TOKEN_KEYS)[number];

/** How a token is written in a text: `{{first_name}}`. */
export function tokenText(key: CommunicationTokenKey): string {
  return `{{${key}}}`;
}

/** What the tokens of one text are filled with. Blank names count as missing. */
export type TokenContext = {
  contact: { firstName: string; lastName: string } | null;
  organizationName: string | null;
  /** The instant the text is sent (or previewed). */
  now: Date;
  /** The organisation's IANA time zone: the `date` token is that zone's calendar day. */
  timeZone: string;
};

/** A filled text: `text` with every token that has a value replaced; `missing` lists the others, once each, in order of appearance. */
export type FilledText = { text: string; missing: CommunicationTokenKey[] };

// `{{ key }}`: spaces inside the braces are tolerated (people type them); the key is case-insensitive.
const TOKEN_PATTERN = /\{\{\s*([a-zA-Z_]+)\s*\}\}/g;

function isTokenKey(key: string): key is CommunicationTokenKey {
  return (COMMUNICATION_TOKEN_KEYS as readonly string[]).includes(key);
}

/** The `DD / MM / YYYY` day of `instant` in `timeZone` (the product's date display). */
export function formatDisplayDate(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(local.getDate())} / ${pad(local.getMonth() + 1)} / ${local.getFullYear()}`;
}

/** The value of one token in a context, or null when it has none (a blank value is none). */
export function tokenValue(key: CommunicationTokenKey, context: TokenContext): string | null {
  const present = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
  switch (key) {
    case 'first_name':
      return present(context.contact?.firstName);
    case 'last_name':
      return present(context.contact?.lastName);
    case 'organization_name':
      return present(context.organizationName);
    case 'date':
      return formatDisplayDate(context.now, context.timeZone);
  }
}

/**
 * The tokens a text holds (known keys only, once each, in order of appearance). Text between
 * braces that is not a known token is plain text.
 */
export function tokensIn(text: string): CommunicationTokenKey[] {
  const found: CommunicationTokenKey[] = [];
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const key = match[1]!.toLowerCase();
    if (isTokenKey(key) && !found.includes(key)) found.push(key);
  }
  return found;
}

/**
 * Fills the tokens of `text` for one contact. A token without a value stays as written and is
 * listed in `missing`: the sender is told, and a text with a missing token is not sent
 * (`token-value-missing`). Unknown `{{…}}` stay as written and are not reported.
 */
export function fillTokens(text: string, context: TokenContext): FilledText {
  const missing: CommunicationTokenKey[] = [];
  const filled = text.replace(TOKEN_PATTERN, (whole, raw: string) => {
    const key = raw.toLowerCase();
    if (!isTokenKey(key)) return whole;
    const value = tokenValue(key, context);
    if (value !== null) return value;
    if (!missing.includes(key)) missing.push(key);
    return whole;
  });
  return { text: filled, missing };
}
