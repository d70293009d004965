import '@mantine/dropzone/styles.css';
import { IMPORT_FILE_MAX_BYTES, type ContactImport } from '@accueil/domain';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { useRealtimeEvent } from '../../lib/realtime';
import { contactKeys, downloadSkippedRows, fetchContactImport, uploadContactsFile } from './api';

const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.xls', '.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};
/** While an import runs, its state is also read every 2 s, in case realtime events are missed. */
const POLL_MS = 2000;

/** Of what realtime said and what the poll read, the further along (the same import only). */
function newer(a: ContactImport | null, b: ContactImport | undefined): ContactImport | null {
  if (!a || !b || a.id !== b.id) return a;
  const ended = (i: ContactImport) => i.status === 'done' || i.status === 'failed';
  if (ended(a)) return a;
  return ended(b) || b.processedRows > a.processedRows ? b : a;
}

const running = (i: ContactImport | null) => i !== null && (i.status === 'queued' || i.status === 'running');

/**
 * The import dialog: the 11 columns expected, a drop zone for one CSV, XLS or XLSX file (20 MB
 * at most), then the import's live progress (realtime `contact-import:progress`, polled as a
 * fallback), the counts of imported and skipped contacts, and the list of skipped rows to download.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const [latest, setCurrent] = useState<ContactImport | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useRealtimeEvent('contact-import:progress', ({ import: update }) => {
    setCurrent((c) => (c && c.id === update.id && update.processedRows >= c.processedRows ? update : c));
  });
  const poll = useQuery({
    queryKey: ['contacts', 'import', latest?.id],
    queryFn: () => fetchContactImport(latest!.id),
    enabled: running(latest),
    refetchInterval: POLL_MS,
  });
  const current = newer(latest, poll.data);
  const done = current?.status === 'done';
  const ended = done || current?.status === 'failed';
  // Realtime events carry no reasons: once the import has ended, it is read once for them.
  const final = useQuery({
    queryKey: ['contacts', 'import', current?.id, 'ended'],
    queryFn: () => fetchContactImport(current!.id),
    enabled: ended && (current?.skippedCount ?? 0) > 0,
  });
  const reasons = final.data?.skippedReasons ?? [];
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: contactKeys.all });
  }, [done, queryClient]);

  const upload = async (file: File) => {
    setError(null);
    setUploading(true);
    try {
      setCurrent(await uploadContactsFile(file));
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
    if (!running(current)) setCurrent(null);
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
              animated={running(current)}
              size="lg"
              aria-label={t('contacts.import.progressLabel')}
            />
            <Text size="sm">
              {running(current) && (
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
              {current.skippedCount > 0 && !running(current) ? (
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
                {!running(current) && (
                  <Button variant="default" onClick={() => setCurrent(null)}>
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
