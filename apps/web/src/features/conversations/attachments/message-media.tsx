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
import { IconDownload, IconFile } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { notifyError } from '../../../lib/notify';
import { attachmentBlob } from './api';

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

/** The viewer: the whole picture, sandboxed as served, with its download. */
function Viewer({ media, onClose }: { media: Media; onClose: () => void }) {
  const intl = useIntl();
  const { url, failed } = useBlobUrl(media.attachmentId!, 'content');
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
        {url ? (
          <Image src={url} alt={name} mah="70vh" maw="80vw" fit="contain" />
        ) : failed ? (
          <Text>{intl.formatMessage({ id: 'attachments.loadFailed' })}</Text>
        ) : (
          <Loader />
        )}
        <Button leftSection={<IconDownload size={16} />} variant="light" onClick={() => download(media)}>
          {intl.formatMessage({ id: 'attachments.download' }, { name })}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * The kept attachments of a message (docs/behaviour/attachments.md): pictures as thumbnails
 * opening a viewer, other files (PDF, audio, video) as a name and size with a download (a PDF
 * is never shown in place: it downloads). Lazy: loaded with the first message that has one.
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
          <Paper key={m.url} withBorder radius="md" p={6}>
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
              <Tooltip label={intl.formatMessage({ id: 'attachments.download' }, { name: m.name ?? '' })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={intl.formatMessage({ id: 'attachments.download' }, { name: m.name ?? '' })}
                  onClick={() => download(m)}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ),
      )}
      {open && <Viewer media={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
