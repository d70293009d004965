/** Where a blocked remote image's address waits until the user asks to see the images. */
export const REMOTE_IMAGE_ATTRIBUTE = 'data-remote-src';

/** CSS properties kept in `style` attributes: how text and boxes look, never where they are (no `position`, no `z-index`). */
const SAFE_STYLE = /^[^;{}()<>\\]*$/;
const allowedStyles = Object.fromEntries(
  [
    'color',
    'background-color',
    'font-family',
    'font-size',
    'font-style',
    'font-weight',
    'text-align',
    'text-decoration',
    'line-height',
    'vertical-align',
    'white-space',
    'border',
    'border-top',
    'border-bottom',
    'border-left',
    'border-right',
    'border-collapse',
    'border-radius',
    'padding',
    'padding-top',
    'padding-bottom',
    'padding-left',
    'padding-right',
    'width',
    'max-width',
    'height',
  ].map((p) => [p, [SAFE_STYLE]]),
);
// Margins may not be negative: a negative margin moves a box over what is around it.
for (const p of ['margin', 'margin-top', 'margin-bottom', 'margin-left', 'margin-right'])
  allowedStyles[p] = [/^[^-;{}()<>\\][^;{}()<>\\]*$/];

/**
 * A mail's HTML made safe to show (docs/behaviour/email.md, "Showing a mail"): sanitize-html
 * keeps the formatting tags and drops scripts, styles sheets, forms and their fields, frames,
 * event handlers and every URL scheme but http(s), mailto, tel and `cid:` (so no
 * `javascript:`); `style` attributes keep only the properties of `allowedStyles` (no
 * `position`, no `url()`, no negative margin: nothing leaves its box); links open in a new tab
 * without the opener. Remote images are blocked: their `src` moves to `data-remote-src` (the
 * web view puts it back when the user asks). The web shows the result in a sandboxed frame with
 * no script allowed, a second wall. Also answers the HTML's text (for a mail with no text part).
 */
export async function sanitizeEmailHtml(
  html: string,
): Promise<{ html: string; text: string; remoteImages: boolean }> {
  // Loaded with the first mail to show (sanitize-html and its parser: 2.6 MB of heap), not at every start.
  const { default: sanitizeHtml } = await import('sanitize-html');
  let remoteImages = false;
  const safe = sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'u', 's'],
    allowedAttributes: {
      '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'dir', 'lang', 'title'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', REMOTE_IMAGE_ATTRIBUTE],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      font: ['face', 'size', 'color'],
      table: ['border', 'cellpadding', 'cellspacing'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
    allowedStyles: { '*': allowedStyles },
    allowProtocolRelative: false,
    // The content of these goes with them (a script's text is not shown as text).
    nonTextTags: [
      'style',
      'script',
      'textarea',
      'option',
      'noscript',
      'title',
      'head',
      'form',
      'select',
      'button',
    ],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
      }),
      img: (tagName, attribs) => {
        // Only we write `data-remote-src`: a mail's own would be put back as a `src` unchecked.
        const { src = '', [REMOTE_IMAGE_ATTRIBUTE]: _theirs, ...rest } = attribs;
        if (!/^https?:/i.test(src)) return { tagName, attribs: { ...rest, src } };
        remoteImages = true;
        return { tagName, attribs: { ...rest, [REMOTE_IMAGE_ATTRIBUTE]: src } };
      },
    },
  });
  const text = sanitizeHtml(safe, { allowedTags: [], allowedAttributes: {} })
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
  return { html: safe, text, remoteImages };
}
