import { SECURE_FILE_SALUTATIONS, type SecureFileKind, type SecureFileSalutation } from '@accueil/domain';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { LabelledSegmentedControl, useErrorText } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { uploadAttachment } from '../conversations/attachments/api';
import { fileRefusal, requestSecureFile, sendSecureFile } from './api';
import { OneFileChooser } from './one-file-chooser';

/** Props of {@link SecureFileDialog}. */
export interface SecureFileDialogProps {
  /** `file`: send the contact one file by secure link and code; `request`: ask them for one. */
  kind: SecureFileKind;
  conversationId: string;
  /** The contact's e-mail address: without one nothing can be sent (said before any upload). */
  email: string | null;
  onClose: () => void;
}

/**
 * The composer's secure file dialog (docs/behaviour/secure-files.md): the salutation (Mr, Ms,
 * Miss) and, to send a file, one file checked against the attachments' rules before it is
 * uploaded (the same upload as the attachments: sniffed, stripped), then sent. A contact
 * without an e-mail address is told so at once, and nothing is uploaded. Lazy: loaded when
 * opened.
 */
export default function SecureFileDialog({ kind, conversationId, email, onClose }: SecureFileDialogProps) {
  const intl = useIntl();
  const text = useErrorText();
  const [salutation, setSalutation] = useState<SecureFileSalutation>('ms');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refusalText = (failure: unknown) => {
    const code = failure instanceof ApiError ? failure.code : 'network';
    return text(code, { retry: failure instanceof ApiError ? (failure.retryAfterS ?? '…') : '…' }) ?? code;
  };
  const choose = (chosen: File | null) => {
    const refused = chosen && fileRefusal(chosen);
    setError(refused ? refusalText(new ApiError(413, refused)) : null);
    setFile(refused ? null : chosen);
  };
  const send = async () => {
    setError(null);
    setProgress(0);
    try {
      if (kind === 'file') {
        const uploaded = await uploadAttachment(file!, { resize: false, onProgress: setProgress });
        await sendSecureFile(conversationId, uploaded.id, salutation);
      } else {
        await requestSecureFile(conversationId, salutation);
      }
      notifySuccess(intl.formatMessage({ id: `secureFiles.dialog.${kind}.done` }, { email }));
      onClose();
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setProgress(null);
    }
  };
  const title = intl.formatMessage({ id: `secureFiles.dialog.${kind}.title` });
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="md" data-testid="secure-file-dialog">
        {!email ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            data-testid="secure-no-email"
          >
            {text('contact-without-email')}
          </Alert>
        ) : (
          <>
            <Text size="sm">
              <FormattedMessage id={`secureFiles.dialog.${kind}.intro`} values={{ email }} />
            </Text>
            <LabelledSegmentedControl
              id="secure-salutation-label"
              label={<FormattedMessage id="secureFiles.dialog.salutation" />}
              gap={6}
              value={salutation}
              onChange={setSalutation}
              data={SECURE_FILE_SALUTATIONS.map((s) => ({
                value: s,
                label: intl.formatMessage({ id: `secureFiles.salutation.${s}` }),
              }))}
            />
            {kind === 'file' && <OneFileChooser file={file} onChange={choose} testId="secure-chosen" />}
            {progress !== null && kind === 'file' && (
              <Progress
                value={Math.round(progress * 100)}
                aria-label={intl.formatMessage({ id: 'secureFiles.dialog.uploading' })}
              />
            )}
          </>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <FormattedMessage id="secureFiles.dialog.cancel" />
          </Button>
          {email && (
            <Button
              leftSection={<IconLock size={17} />}
              loading={progress !== null}
              disabled={kind === 'file' && !file}
              onClick={() => void send()}
            >
              <FormattedMessage id={`secureFiles.dialog.${kind}.send`} />
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
