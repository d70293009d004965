import type { Opts } from 'linkifyjs';
import Linkify from 'linkify-react';

/** Only web addresses become links: a scheme other than http(s) (javascript:, data:, mailto:, tel:…) stays text. */
const SAFE_HREF = /^https?:\/\//i;

/**
 * Links in a text: web addresses only (written with http(s):// or as `www.…`/`domain.tld`,
 * which get https://), opened in a new tab without giving it this page (`noopener`) or the
 * address of the conversation (`noreferrer`).
 */
export const MESSAGE_LINK_OPTIONS: Opts = {
  defaultProtocol: 'https',
  target: '_blank',
  rel: 'noopener noreferrer',
  validate: (_value, type, token) => type === 'url' && SAFE_HREF.test(token.toHref('https')),
};

/** A message's body with its web addresses clickable; everything else is plain text. */
export function MessageText({ body }: { body: string }) {
  return <Linkify options={MESSAGE_LINK_OPTIONS}>{body}</Linkify>;
}
