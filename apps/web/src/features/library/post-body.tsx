import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * A sub-section's HTML body. The server already sanitised it (docs/behaviour/library.md, "What
 * a body may hold"); DOMPurify cleans it again in the browser, so that a body never runs a script
 * even if a row was written some other way.
 */
export function PostBody({ html }: { html: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] }),
    [html],
  );
  if (clean.trim() === '') return null;
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
