import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import classes from './email.module.css';

/** Where the server put a blocked remote image's address (`sanitize-email-html.ts`). */
const REMOTE_IMAGE = /\sdata-remote-src=/g;

/**
 * The document the frame shows: the mail's HTML (already sanitised by the server) with a policy
 * of its own: no script, no connection, images only from the mail's own files (`data:`) unless
 * the user asked for the remote ones.
 */
export function frameDocument(
  html: string,
  showRemoteImages: boolean,
  inlineImages: Record<string, string>,
): string {
  let body = html.replace(/src="cid:([^"]+)"/g, (whole, id: string) => {
    const url = inlineImages[`<${id}>`] ?? inlineImages[id];
    return url ? `src="${url}"` : whole;
  });
  if (showRemoteImages) body = body.replace(REMOTE_IMAGE, ' src=');
  const images = showRemoteImages ? 'data: https: http:' : 'data:';
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${images}; style-src 'unsafe-inline'"><base target="_blank"><style>body{margin:0;font-family:system-ui,sans-serif;font-size:14px;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style></head><body>${body}</body></html>`;
}

/**
 * A mail's HTML part in a sandboxed frame (docs/behaviour/email.md, "Showing a mail"): no
 * script may run (no `allow-scripts`), it has no origin of its own (no `allow-same-origin`), its
 * links open in a new tab; the server sanitised it first.
 */
export function EmailFrame({
  html,
  showRemoteImages,
  inlineImages,
  subject,
}: {
  html: string;
  showRemoteImages: boolean;
  inlineImages: Record<string, string>;
  subject: string;
}) {
  const intl = useIntl();
  const doc = useMemo(
    () => frameDocument(html, showRemoteImages, inlineImages),
    [html, showRemoteImages, inlineImages],
  );
  return (
    <iframe
      className={classes.frame}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={doc}
      title={intl.formatMessage({ id: 'email.frameTitle' }, { subject })}
      referrerPolicy="no-referrer"
    />
  );
}
