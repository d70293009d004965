import type sanitizeHtml from 'sanitize-html';

/**
 * What a post's HTML may hold after sanitising (docs/behaviour/library.md, "What a body may
 * hold"): text formatting, headings, lists, quotes, links and images. Everything else goes:
 * scripts and styles with their content, `style` and event attributes, classes (Word's `Mso…`),
 * comments, and any link or image whose scheme is not http(s), mailto or tel (`javascript:`,
 * `data:`, `vbscript:`).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link opens outside the post's page, and tells the target nothing of where it came from.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/** What a post's HTML goes through: made safe to show, and its words for the search. */
export type PostHtmlSanitizer = {
  /** A post's HTML body made safe to show (see `OPTIONS`). */
  sanitizePostHtml: (html: string) => string;
  /** The words of a post's HTML body, tags dropped (what the search indexes). */
  textOfPostHtml: (html: string) => string;
};

let loaded: Promise<PostHtmlSanitizer> | undefined;

/**
 * The post sanitizer. sanitize-html and its parser (2.6 MB of heap) load with the first post
 * written, not at every start.
 */
export function postHtmlSanitizer(): Promise<PostHtmlSanitizer> {
  return (loaded ??= import('sanitize-html').then(({ default: sanitize }) => ({
    sanitizePostHtml: (html) => sanitize(html, OPTIONS).trim(),
    textOfPostHtml: (html) =>
      sanitize(html, { allowedTags: [], allowedAttributes: {} })
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'"),
  })));
}
