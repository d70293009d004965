import { formatBytes } from '@accueil/domain';
import { Alert, Button, PinInput, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/forms';
import { PublicCard } from '../passwords/public-card';
import { fileRefusal, openSecureFile, saveBlob, sendFileBack, tokenOfLocation } from './api';
import { OneFileChooser } from './one-file-chooser';

/** The refusal's text in the page's language: the spec's one text for every failure, a 429 with its delay. */
function useRefusalText() {
  const text = useErrorText();
  return (error: unknown) => {
    const code = error instanceof ApiError ? error.code : 'network';
    const retry = error instanceof ApiError ? (error.retryAfterS ?? '…') : '…';
    return text(code, { retry }) ?? code;
  };
}

/** The page's frame (no navigation, no link to the app) with its error, if any. */
function ContactPage({
  page,
  error,
  children,
}: {
  page: 'secure' | 'sendFile';
  error: string | null;
  children: ReactNode;
}) {
  return (
    <PublicCard
      toLogin={false}
      title={<FormattedMessage id={`secureFiles.${page}.title`} />}
      intro={<FormattedMessage id={`secureFiles.${page}.intro`} />}
    >
      {error && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} />}
          data-testid="secure-error"
        >
          {error}
        </Alert>
      )}
      {children}
    </PublicCard>
  );
}

/** The 6-digit code field (one box per digit, the phone's one-time-code keyboard). */
function CodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const intl = useIntl();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="secure-code-label">
        <FormattedMessage id="secureFiles.code" />
      </Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        size="md"
        value={value}
        onChange={onChange}
        aria-labelledby="secure-code-label"
        getInputProps={(index) => ({
          'aria-label': intl.formatMessage({ id: 'secureFiles.codeDigit' }, { n: index + 1 }),
        })}
        data-testid="secure-code"
      />
    </Stack>
  );
}

/**
 * /secure (docs/behaviour/secure-files.md): no sign-in, no navigation. The contact types the
 * 6-digit code of their mail; the file downloads under its name. Every failure shows the one
 * text 'File is not accessible anymore or the code was wrong.'
 */
export function SecureFileScreen() {
  const token = tokenOfLocation(useLocation().search);
  const refusal = useRefusalText();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<{ blob: Blob; name: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6 || busy) return;
    setBusy(true);
    setError(null);
    try {
      const opened = await openSecureFile(token ?? '', code);
      setFile(opened);
      saveBlob(opened.blob, opened.name);
    } catch (failure) {
      setError(refusal(token ? failure : new ApiError(404, 'secure-file-unavailable')));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ContactPage page="secure" error={error}>
      {file ? (
        <Stack gap="md">
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            data-testid="secure-downloaded"
          >
            <FormattedMessage id="secureFiles.secure.downloaded" values={{ name: file.name }} />
          </Alert>
          <Button
            variant="light"
            leftSection={<IconDownload size={17} />}
            onClick={() => saveBlob(file.blob, file.name)}
          >
            <FormattedMessage id="secureFiles.secure.again" />
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <CodeField value={code} onChange={setCode} />
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={busy}
              disabled={code.length !== 6}
              leftSection={<IconDownload size={17} />}
            >
              <FormattedMessage id="secureFiles.secure.submit" />
            </Button>
          </Stack>
        </form>
      )}
    </ContactPage>
  );
}

/**
 * /send-file (docs/behaviour/secure-files.md): no sign-in, no navigation. The contact types the
 * code of their mail and chooses one file (checked against the attachments' rules before it
 * goes, as the server checks it again); it is sent with its progress and lands in the clinic's
 * conversation.
 */
export function SendFileScreen() {
  const intl = useIntl();
  const token = tokenOfLocation(useLocation().search);
  const refusal = useRefusalText();
  const [code, setCode] = useState('');
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ name: string; size: number } | null>(null);
  const choose = (file: File | null) => {
    setError(null);
    const refused = file && fileRefusal(file);
    if (refused) {
      setError(refusal(new ApiError(413, refused)));
      setChosen(null);
      return;
    }
    setChosen(file);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6 || !chosen || progress !== null) return;
    setError(null);
    setProgress(0);
    try {
      setSent(await sendFileBack(token ?? '', code, chosen, setProgress));
    } catch (failure) {
      setError(refusal(failure));
      setCode('');
    } finally {
      setProgress(null);
    }
  };
  return (
    <ContactPage page="sendFile" error={error}>
      {sent ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="send-file-sent">
          <FormattedMessage
            id="secureFiles.sendFile.sent"
            values={{ name: sent.name, size: formatBytes(sent.size, intl.locale) }}
          />
        </Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <CodeField value={code} onChange={setCode} />
            <OneFileChooser file={chosen} onChange={choose} testId="send-file-chosen" />
            {progress !== null && (
              <Progress
                value={Math.round(progress * 100)}
                aria-label={intl.formatMessage({ id: 'secureFiles.sendFile.sending' })}
              />
            )}
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={progress !== null}
              disabled={code.length !== 6 || !chosen}
            >
              <FormattedMessage id="secureFiles.sendFile.submit" />
            </Button>
          </Stack>
        </form>
      )}
    </ContactPage>
  );
}
