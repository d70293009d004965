import '@mantine/dropzone/styles.css';
import { IMPORT_FILE_MAX_BYTES } from '@accueil/domain';
import { Alert, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconAlertTriangle,
  IconCheck,
  IconDownload,
  IconFileSpreadsheet,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { downloadSkippedRows } from './api';
import { importRunning, useContactImport } from './use-contact-import';

const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.xls', '.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};
/**
 * The import dialog: the 11 columns expected, a drop zone for one CSV, XLS or XLSX file (20 MB
 * at most), then the import's live progress (realtime `contact-import:progress`, polled as a
 * fallback), the counts of imported and skipped contacts, and the list of skipped rows to download.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { current, reasons, upload: start, forget } = useContactImport();
  const done = current?.status === 'done';
  const ended = done || current?.status === 'failed';
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    setUploading(true);
    try {
      await start(file);
    } catch (e) {
      setError(
        e instanceof ApiError
          ? intl.locale.startsWith('en') && e.serverMessage
            ? e.serverMessage
            : t(`error.${e.code}`)
          : t('error.internal'),
      );
    } finally {
      setUploading(false);
    }
  };
  const close = () => {
    forget();
    setError(null);
    onClose();
  };
  const percent =
    current && current.totalRows > 0 ? Math.round((current.processedRows / current.totalRows) * 100) : 0;

  return (
    <Modal opened={opened} onClose={close} title={t('contacts.import.title')} size="lg" centered>
      <Stack gap="md">
        {!current && (
          <>
            <Text size="sm">
              <FormattedMessage id="contacts.import.columns" />
            </Text>
            <List size="sm" type="ordered" withPadding spacing={0} style={{ columns: 2 }}>
              {[
                'firstName',
                'lastName',
                'phone',
                'email',
                'birthday',
                'address',
                'city',
                'postalCode',
                'language',
                'gender',
                'note',
              ].map((c) => (
                <List.Item key={c}>{t(`contacts.field.${c}`)}</List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed">
              <FormattedMessage id="contacts.import.formats" />
            </Text>
            <Dropzone
              onDrop={(files) => files[0] && void upload(files[0])}
              onReject={() => setError(t('contacts.import.rejected'))}
              maxSize={IMPORT_FILE_MAX_BYTES}
              maxFiles={1}
              multiple={false}
              accept={ACCEPT}
              loading={uploading}
              // Focusable and opened with Enter or Space: a button, named by its text.
              role="button"
              aria-label={t('contacts.import.drop')}
            >
              <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={44} stroke={1.5} color="var(--mantine-color-blue-6)" />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={44} stroke={1.5} color="var(--mantine-color-red-6)" />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileSpreadsheet size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
                </Dropzone.Idle>
                <div>
                  <Text size="lg" inline>
                    <FormattedMessage id="contacts.import.drop" />
                  </Text>
                  <Text size="sm" c="dimmed" inline mt={7} display="block">
                    <FormattedMessage id="contacts.import.dropHint" />
                  </Text>
                </div>
              </Group>
            </Dropzone>
          </>
        )}
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('contacts.import.failedTitle')}>
            {error}
          </Alert>
        )}
        {current && (
          <Stack gap="sm" aria-live="polite">
            <Text fw={600}>{current.fileName}</Text>
            <Progress
              value={done ? 100 : percent}
              animated={importRunning(current)}
              size="lg"
              aria-label={t('contacts.import.progressLabel')}
            />
            <Text size="sm">
              {importRunning(current) && (
                <FormattedMessage
                  id="contacts.import.running"
                  values={{ processed: current.processedRows, total: current.totalRows }}
                />
              )}
              {current.status === 'failed' && (
                <FormattedMessage id="contacts.import.failed" values={{ reason: current.error ?? '' }} />
              )}
            </Text>
            {(done || current.status === 'failed') && (
              <Alert
                color={done ? 'teal' : 'red'}
                icon={done ? <IconCheck size={18} /> : <IconAlertTriangle size={18} />}
              >
                <FormattedMessage
                  id="contacts.import.counts"
                  values={{ imported: current.importedCount, skipped: current.skippedCount }}
                />
              </Alert>
            )}
            {ended && reasons.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600} id="import-reasons-title">
                  <FormattedMessage id="contacts.import.reasonsTitle" />
                </Text>
                <List size="sm" spacing={2} aria-labelledby="import-reasons-title">
                  {reasons.map((r) => (
                    <List.Item key={r.reason}>
                      {t('contacts.import.reasonCount', {
                        reason: t(`contacts.import.reason.${r.reason}`),
                        count: r.count,
                      })}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            )}
            <Group justify="space-between">
              {current.skippedCount > 0 && !importRunning(current) ? (
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => void downloadSkippedRows(current.id, intl.locale)}
                >
                  <FormattedMessage id="contacts.import.downloadSkipped" />
                </Button>
              ) : (
                <span />
              )}
              <Group>
                {!importRunning(current) && (
                  <Button variant="default" onClick={forget}>
                    <FormattedMessage id="contacts.import.another" />
                  </Button>
                )}
                <Button onClick={close}>
                  <FormattedMessage id="contacts.action.close" />
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
