import { isShortenableUrl, linkEndpoints, type ShortLink } from '@accueil/domain';
import { api } from './endpoint-client';

/** A link longer than this (characters) is shortened before a text is sent: a short link is 36 or so. */
export const LONG_LINK_MIN_CHARS = 40;

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;
/** Punctuation that ends a sentence rather than the link. */
const TRAILING = /[.,;:!?)\]»]+$/;

/** POST /api/link/create. */
export function createShortLink(url: string): Promise<ShortLink> {
  return api.call(linkEndpoints.create, { body: { url } });
}

/**
 * `text` with each http or https link longer than `LONG_LINK_MIN_CHARS` replaced by its short
 * link (docs/behaviour/short-links.md), the sentence's trailing punctuation kept outside it.
 * Each distinct link is shortened once. `shorten` is the call (injectable for tests).
 * @throws what `shorten` throws (the text is then not sent).
 */
export async function shortenLongLinks(
  text: string,
  shorten: (url: string) => Promise<{ shortUrl: string }> = createShortLink,
): Promise<string> {
  const links = new Map<string, string>();
  for (const match of text.matchAll(LINK_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    if (url.length > LONG_LINK_MIN_CHARS && isShortenableUrl(url) && !links.has(url)) links.set(url, '');
  }
  for (const url of links.keys()) links.set(url, (await shorten(url)).shortUrl);
  return text.replace(LINK_PATTERN, (found) => {
    const url = found.replace(TRAILING, '');
    const short = links.get(url);
    return short ? short + found.slice(url.length) : found;
  });
}
