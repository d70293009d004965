import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

/** Pages shown at most: an intake form or an after-care sheet has a few; the rest is downloaded. */
export const PDF_PAGES_SHOWN = 20;
/** The width, in CSS pixels, pages are drawn at (the viewer's column). */
const PAGE_WIDTH_PX = 720;

/** Props of {@link PdfPages}. */
export interface PdfPagesProps {
  /** The PDF's bytes. */
  data: ArrayBuffer;
  /** The file's name, for the pages' labels. */
  name: string;
}

/**
 * A PDF's pages drawn as pictures (canvases) by PDF.js (`pdfjs-dist`), its worker run from this
 * site: nothing of the document runs — no script (`isEvalSupported: false`, no XFA forms), no link
 * followed — it is only drawn. The first `PDF_PAGES_SHOWN` pages; a longer document says how many
 * more there are (the download has them all). Lazy: PDF.js is loaded with the first PDF opened.
 */
export default function PdfPages({ data, name }: PdfPagesProps) {
  const intl = useIntl();
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number; failed: boolean; done: boolean }>({
    pages: 0,
    failed: false,
    done: false,
  });
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    const pages = holder.current;
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      const { default: workerSrc } = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
      pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
      // A copy: PDF.js hands the bytes to its worker, which detaches the buffer it is given.
      const task = pdfjs.getDocument({ data: data.slice(0), isEvalSupported: false, enableXfa: false });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      if (cancelled) return;
      setState({ pages: pdf.numPages, failed: false, done: false });
      const ratio = window.devicePixelRatio || 1;
      for (let n = 1; n <= Math.min(pdf.numPages, PDF_PAGES_SHOWN) && !cancelled; n++) {
        const page = await pdf.getPage(n);
        const unscaled = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (PAGE_WIDTH_PX / unscaled.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.style.maxWidth = `${PAGE_WIDTH_PX}px`;
        canvas.style.border = '1px solid var(--mantine-color-gray-4)';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute(
          'aria-label',
          intl.formatMessage({ id: 'attachments.pdfPage' }, { name, page: n, pages: pdf.numPages }),
        );
        await page.render({ canvas, viewport }).promise;
        if (cancelled) return;
        pages?.append(canvas);
      }
      if (!cancelled) setState({ pages: pdf.numPages, failed: false, done: true });
    })().catch(() => !cancelled && setState({ pages: 0, failed: true, done: true }));
    return () => {
      cancelled = true;
      void destroy?.();
      pages?.replaceChildren();
    };
  }, [data, name, intl]);

  if (state.failed) return <Text>{intl.formatMessage({ id: 'attachments.loadFailed' })}</Text>;
  return (
    <Stack gap="sm" align="center" w="min(720px, 80vw)">
      {/* The pages scroll inside the viewer (its download stays in view); focusable, so that the
          keyboard scrolls them too. */}
      <Stack
        gap="sm"
        align="center"
        w="100%"
        mah="70vh"
        style={{ overflowY: 'auto' }}
        ref={holder}
        tabIndex={0}
        role="group"
        aria-label={name}
        data-testid="pdf-pages"
      />
      {!state.done && <Loader />}
      {state.done && state.pages > PDF_PAGES_SHOWN && (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(
            { id: 'attachments.pdfMorePages' },
            { shown: PDF_PAGES_SHOWN, pages: state.pages },
          )}
        </Text>
      )}
    </Stack>
  );
}
