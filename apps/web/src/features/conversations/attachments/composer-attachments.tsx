import { formatBytes } from '@accueil/domain';
import { ActionIcon, Button, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconFile, IconPhoto, IconRefresh, IconX } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { browserType, type ComposerFile } from './use-composer-attachments';

const RULE_REFUSALS = new Set([
  'image-too-large',
  'file-too-large',
  'pdf-too-large',
  'attachments-too-large',
  'too-many-attachments',
  'file-unexpected',
]);

/** Props of {@link ComposerAttachments}. */
export interface ComposerAttachmentsProps {
  files: readonly ComposerFile[];
  onRetry: (localId: string, resize?: boolean) => void;
  onRemove: (localId: string) => void;
}

/**
 * The files of the message being composed, in place of the text field (text cannot be added to
 * a multimedia message): each with its name, size (base 1000), upload progress, or why it was
 * refused, with retry (a failed upload is tried again without choosing the file again), shrink
 * (a picture over 200 KB) and remove. Lazy: loaded when a first file is added.
 */
export default function ComposerAttachments({ files, onRetry, onRemove }: ComposerAttachmentsProps) {
  const intl = useIntl();
  return (
    <Stack gap={6} style={{ flex: 1, minWidth: 0 }} data-testid="composer-attachments">
      {files.map((f) => {
        const name = f.file.name || intl.formatMessage({ id: 'attachments.pasted' });
        const error = f.status === 'failed' && f.error ? f.error : null;
        // A file the rules refuse gains nothing from another try; a failed transfer does.
        const retriable = error !== null && !RULE_REFUSALS.has(error);
        return (
          <Paper key={f.localId} withBorder radius="md" p={6} data-status={f.status}>
            <Group gap={8} wrap="nowrap">
              {browserType(f.file)?.startsWith('image/') ? (
                <IconPhoto size={18} aria-hidden />
              ) : (
                <IconFile size={18} aria-hidden />
              )}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                    {formatBytes(f.attachment?.size ?? f.file.size, intl.locale)}
                  </Text>
                </Group>
                {f.status === 'uploading' && (
                  <Progress
                    value={Math.round(f.progress * 100)}
                    size="sm"
                    aria-label={intl.formatMessage({ id: 'attachments.uploading' }, { name })}
                  />
                )}
                {error && (
                  <Text size="xs" c="red.8" role="alert">
                    {intl.formatMessage(
                      {
                        id: `error.${error}`,
                        defaultMessage: intl.formatMessage({ id: 'attachments.failed' }),
                      },
                      // 429's message says when to try again.
                      { retry: f.retryAfterS ?? 60 },
                    )}
                  </Text>
                )}
              </Stack>
              {error === 'image-too-large' && (
                <Button size="compact-xs" variant="light" onClick={() => onRetry(f.localId, true)}>
                  {intl.formatMessage({ id: 'attachments.shrink' })}
                </Button>
              )}
              {retriable && (
                <Tooltip label={intl.formatMessage({ id: 'attachments.retry' }, { name })}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={intl.formatMessage({ id: 'attachments.retry' }, { name })}
                    onClick={() => onRetry(f.localId)}
                  >
                    <IconRefresh size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              <Tooltip label={intl.formatMessage({ id: 'attachments.remove' }, { name })}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={intl.formatMessage({ id: 'attachments.remove' }, { name })}
                  onClick={() => onRemove(f.localId)}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
