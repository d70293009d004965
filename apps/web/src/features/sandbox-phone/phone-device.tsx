import { formatBytes, SANDBOX_PICTURE_MAX_BYTES, type SandboxMessage } from '@accueil/domain';
import { ActionIcon, Avatar, Center, Loader, Text, Textarea } from '@mantine/core';
import { IconArrowUp, IconPhoto } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime, formatPhone } from '../../lib/format';
import { readPhonePicture, type PhonePicture } from './api';
import classes from './sandbox-phone.module.css';
import { isFromPhone } from './thread';

const KNOWN_STATUSES = new Set(['queued', 'sending', 'sent', 'delivered', 'received', 'failed']);

/** Props of {@link PhoneDevice}. */
export interface PhoneDeviceProps {
  /** Name and number of the team this phone is texting. */
  teamLabel: string;
  teamNumber: string;
  messages: SandboxMessage[];
  loading: boolean;
  sending: boolean;
  /** Sends a text, with a picture or not; resolves true when the network took it (the composer then clears). */
  onSend: (body: string, picture?: PhonePicture) => Promise<boolean>;
}

/**
 * The simulated phone: a device frame with the thread with one team number (the phone's own
 * texts on the right, the team's replies on the left, each with its time and status) and a
 * composer (Enter sends, Shift+Enter for a new line; the picture button, or a picture pasted in
 * the text field, sends a picture, as an MMS).
 */
export function PhoneDevice({ teamLabel, teamNumber, messages, loading, sending, onSend }: PhoneDeviceProps) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const threadRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = threadRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const pickRef = useRef<HTMLInputElement>(null);
  const [pictureTooLarge, setPictureTooLarge] = useState(false);
  const sendPicture = (file: File | null | undefined) => {
    if (!file || sending) return;
    setPictureTooLarge(file.size > SANDBOX_PICTURE_MAX_BYTES);
    if (file.size > SANDBOX_PICTURE_MAX_BYTES) return;
    void readPhonePicture(file).then((picture) =>
      onSend(text.trim(), picture).then((ok) => {
        if (ok) setText('');
      }),
    );
  };
  const send = () => {
    const body = text.trim();
    if (!body || sending) return;
    void onSend(body).then((ok) => {
      if (ok) setText('');
    });
  };
  const statusText = (status: string) =>
    KNOWN_STATUSES.has(status) ? intl.formatMessage({ id: `sandboxPhone.status.${status}` }) : status;
  return (
    <div
      className={classes.device}
      role="region"
      aria-label={intl.formatMessage({ id: 'sandboxPhone.device.label' })}
    >
      <div className={classes.notch} />
      <div className={classes.deviceHeader}>
        <Avatar name={teamLabel} color="initials" size="md" />
        <Text size="sm" fw={600}>
          {teamLabel}
        </Text>
        <Text size="xs" c="dimmed">
          {formatPhone(teamNumber)}
        </Text>
      </div>
      <div className={classes.thread} ref={threadRef} aria-live="polite">
        {loading && (
          <Center mt="xl">
            <Loader size="sm" />
          </Center>
        )}
        {!loading && messages.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" mt="xl" px="md">
            <FormattedMessage id="sandboxPhone.thread.empty" />
          </Text>
        )}
        {messages.map((m) => (
          <div key={m.id} className={classes.bubbleRow} data-mine={isFromPhone(m) || undefined}>
            {m.body && <div className={classes.bubble}>{m.body}</div>}
            {m.media.map((file, i) =>
              file.contentType.startsWith('image/') ? (
                <img
                  key={file.url}
                  className={classes.media}
                  src={file.url}
                  alt={intl.formatMessage({ id: 'sandboxPhone.thread.picture' }, { n: i + 1 })}
                />
              ) : (
                <a key={file.url} className={classes.bubble} href={file.url} target="_blank" rel="noreferrer">
                  {intl.formatMessage(
                    { id: 'sandboxPhone.thread.file' },
                    { n: i + 1, type: file.contentType },
                  )}
                </a>
              ),
            )}
            <div className={classes.meta}>
              {formatDateTime(m.createdAt)} · {statusText(m.status)}
            </div>
          </div>
        ))}
      </div>
      {pictureTooLarge && (
        <Text size="xs" c="red" px="md" role="alert">
          <FormattedMessage
            id="sandboxPhone.composer.pictureTooLarge"
            values={{ size: formatBytes(SANDBOX_PICTURE_MAX_BYTES, intl.locale) }}
          />
        </Text>
      )}
      <div className={classes.composer}>
        <input
          ref={pickRef}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => {
            sendPicture(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        <ActionIcon
          size={36}
          radius="xl"
          variant="subtle"
          disabled={sending}
          onClick={() => pickRef.current?.click()}
          aria-label={intl.formatMessage({ id: 'sandboxPhone.composer.picture' })}
        >
          <IconPhoto size={20} />
        </ActionIcon>
        <Textarea
          style={{ flex: 1 }}
          radius="xl"
          autosize
          minRows={1}
          maxRows={4}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onPaste={(e) => {
            const picture = [...e.clipboardData.files].find((f) => f.type.startsWith('image/'));
            if (!picture) return;
            e.preventDefault();
            sendPicture(picture);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          placeholder={intl.formatMessage({ id: 'sandboxPhone.composer.placeholder' })}
          aria-label={intl.formatMessage({ id: 'sandboxPhone.composer.label' })}
        />
        <ActionIcon
          size={36}
          radius="xl"
          variant="filled"
          loading={sending}
          disabled={!text.trim()}
          onClick={send}
          aria-label={intl.formatMessage({ id: 'sandboxPhone.composer.send' })}
        >
          <IconArrowUp size={20} />
        </ActionIcon>
      </div>
    </div>
  );
}
