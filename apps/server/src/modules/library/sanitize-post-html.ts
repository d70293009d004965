import sanitizeHtml from 'sanitize-html';

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
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** A post's HTML body made safe to show (see `OPTIONS`). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The words of a post's HTML body, tags dropped (what the search indexes). */
export function textOfPostHtml(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
