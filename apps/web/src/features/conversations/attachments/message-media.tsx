import { formatBytes, type Media } from '@accueil/domain';
import {
  ActionIcon,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload, IconEye, IconFile } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { notifyError } from '../../../lib/notify';
import { attachmentBlob } from './api';

// PDF.js is loaded with the first PDF opened, not with the timeline.
const PdfPages = lazy(() => import('./pdf-pages'));

const isPdf = (media: Media) => media.contentType === 'application/pdf';

/** An object URL of an attachment's bytes while the component shows (revoked after). */
function useBlobUrl(
  id: string | null,
  part: 'content' | 'thumbnail',
): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!id) return;
    let url: string | null = null;
    let cancelled = false;
    attachmentBlob(id, part).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      },
      () => !cancelled && setState({ url: null, failed: true }),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, part]);
  return state;
}

/** Saves an attachment under its name (the bytes fetched with the session, then handed to the browser). */
function download(media: Media): void {
  attachmentBlob(media.attachmentId!, 'content').then(
    (blob) => {
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = media.name ?? 'file';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    (error: unknown) => notifyError(error, 'attachments.loadFailed'),
  );
}

/** A picture of the timeline: its thumbnail, opening the viewer. */
function Picture({ media, onOpen }: { media: Media; onOpen: () => void }) {
  const intl = useIntl();
  const { url, failed } = useBlobUrl(media.attachmentId!, 'thumbnail');
  const name = media.name ?? '';
  return (
    <UnstyledButton onClick={onOpen} aria-label={intl.formatMessage({ id: 'attachments.open' }, { name })}>
      {url ? (
        <Image src={url} alt={name} radius="md" maw={240} mah={240} fit="contain" />
      ) : failed ? (
        <Text size="xs">{intl.formatMessage({ id: 'attachments.loadFailed' })}</Text>
      ) : (
        <Loader size="sm" />
      )}
    </UnstyledButton>
  );
}

/** A PDF's bytes, fetched with the session, then its pages drawn (`PdfPages`). */
function PdfBody({ media }: { media: Media }) {
  const intl = useIntl();
  const [state, setState] = useState<{ data: ArrayBuffer | null; failed: boolean }>({
    data: null,
    failed: false,
  });
  useEffect(() => {
    let cancelled = false;
    attachmentBlob(media.attachmentId!, 'content')
      .then((blob) => blob.arrayBuffer())
      .then(
        (data) => !cancelled && setState({ data, failed: false }),
        () => !cancelled && setState({ data: null, failed: true }),
      );
    return () => {
      cancelled = true;
    };
  }, [media.attachmentId]);
  if (state.failed) return <Text>{intl.formatMessage({ id: 'attachments.loadFailed' })}</Text>;
  if (!state.data) return <Loader />;
  return (
    <Suspense fallback={<Loader />}>
      <PdfPages data={state.data} name={media.name ?? ''} />
    </Suspense>
  );
}

/** The picture of the viewer: the whole of it, from the bytes fetched with the session. */
function PictureBody({ media }: { media: Media }) {
  const intl = useIntl();
  const { url, failed } = useBlobUrl(media.attachmentId!, 'content');
  const name = media.name ?? '';
  if (url) return <Image src={url} alt={name} mah="70vh" maw="80vw" fit="contain" />;
  if (failed) return <Text>{intl.formatMessage({ id: 'attachments.loadFailed' })}</Text>;
  return <Loader />;
}

/** The viewer: the whole picture, or a PDF's pages drawn, with the file's download. */
function Viewer({ media, onClose }: { media: Media; onClose: () => void }) {
  const intl = useIntl();
  const name = media.name ?? '';
  return (
    <Modal
      opened
      onClose={onClose}
      title={name}
      size="auto"
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'attachments.viewer.close' }) }}
    >
      <Stack align="center" gap="sm" data-testid="attachment-viewer">
        {isPdf(media) ? <PdfBody media={media} /> : <PictureBody media={media} />}
        <Button leftSection={<IconDownload size={16} />} variant="light" onClick={() => download(media)}>
          {intl.formatMessage({ id: 'attachments.download' }, { name })}
        </Button>
      </Stack>
    </Modal>
  );
}

/** A file card's button: an icon named by its tooltip and label. */
function FileAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The kept attachments of a message (docs/behaviour/attachments.md): pictures as thumbnails
 * opening a viewer, other files (PDF, audio, video) as a name and size with a download; a PDF
 * also opens the viewer, which draws its pages (never the browser's PDF viewer on the served
 * file, which downloads). Lazy: loaded with the first message that has one.
 */
export default function MessageMedia({ media }: { media: readonly Media[] }) {
  const intl = useIntl();
  const [open, setOpen] = useState<Media | null>(null);
  return (
    <Stack gap={4}>
      {media.map((m) =>
        m.thumbnail ? (
          <Picture key={m.url} media={m} onOpen={() => setOpen(m)} />
        ) : (
          // The page's text colour: inside an outbound bubble the inherited colour is white, on this white card.
          <Paper key={m.url} withBorder radius="md" p={6} style={{ color: 'var(--mantine-color-text)' }}>
            <Group gap={6} wrap="nowrap">
              <IconFile size={18} aria-hidden />
              <Text size="sm" truncate="end" style={{ minWidth: 0, flex: 1 }}>
                {m.name}
              </Text>
              {m.size !== undefined && (
                <Text size="xs" c="dimmed">
                  {formatBytes(m.size, intl.locale)}
                </Text>
              )}
              {isPdf(m) && (
                <FileAction
                  label={intl.formatMessage({ id: 'attachments.view' }, { name: m.name ?? '' })}
                  icon={<IconEye size={16} />}
                  onClick={() => setOpen(m)}
                />
              )}
              <FileAction
                label={intl.formatMessage({ id: 'attachments.download' }, { name: m.name ?? '' })}
                icon={<IconDownload size={16} />}
                onClick={() => download(m)}
              />
            </Group>
          </Paper>
        ),
      )}
      {open && <Viewer media={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
