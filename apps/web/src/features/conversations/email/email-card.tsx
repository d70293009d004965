import { splitQuotedText, type EmailDetails, type EmailProvider, type Message } from '@accueil/domain';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconMailX, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { fetchAttachment } from './api';
import classes from './email.module.css';
import { EmailFrame } from './email-frame';

/** Byte counts as the spec formats them (base 1000). */
function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** Saves a file of the mail (the spec's attachment path answers a blob, saved as a download). */
async function download(provider: EmailProvider, inboxEmail: string, id: string, filename: string) {
  const blob = await fetchAttachment(provider, id, inboxEmail);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The mail's `cid:` images as data URLs (they are its own files, asked like any attachment). */
function useInlineImages(
  details: EmailDetails,
  mailbox: { provider: EmailProvider; address: string } | null,
) {
  const [images, setImages] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!mailbox || !details.html?.includes('cid:')) return;
    let cancelled = false;
    const inline = details.attachments.filter(
      (a) => a.contentId && a.kept && a.contentType.startsWith('image/'),
    );
    void Promise.all(
      inline.map(
        async (a) =>
          [
            a.contentId!,
            await blobToDataUrl(await fetchAttachment(mailbox.provider, a.id, mailbox.address)),
          ] as const,
      ),
    )
      .then((pairs) => {
        if (!cancelled) setImages(Object.fromEntries(pairs));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [details, mailbox]);
  return images;
}

/** A warning line of the card (an unverified sender, a bounced reply). */
function Notice({
  color,
  icon,
  testId,
  children,
}: {
  color: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Alert color={color} variant="light" p="xs" icon={icon} data-testid={testId}>
      {children}
    </Alert>
  );
}

/**
 * One mail of the conversation: who wrote to whom (cc), when, the subject, the HTML part in a
 * sandboxed frame with remote images blocked until asked (or the text, its quoted history
 * folded), and its files to download. A sender whose domain does not vouch for the mail
 * (SPF/DKIM/DMARC failing) is warned about; a reply that bounced says so, with the reason.
 */
export function EmailCard({
  message,
  details,
  mailbox,
}: {
  message: Message;
  details: EmailDetails | undefined;
  mailbox: { provider: EmailProvider; address: string } | null;
}) {
  const intl = useIntl();
  const [showImages, setShowImages] = useState(false);
  const [showQuoted, setShowQuoted] = useState(false);
  const inlineImages = useInlineImages(
    details ?? ({ html: null, attachments: [] } as unknown as EmailDetails),
    mailbox,
  );
  const outbound = message.direction === 'outbound';
  const text = splitQuotedText(details?.text ?? message.body);
  const list = (addresses: { address: string; name: string }[]) =>
    addresses.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ');
  return (
    <Paper
      withBorder
      p="sm"
      mb="sm"
      className={outbound ? classes.outbound : undefined}
      data-testid="email-card"
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {details ? list([details.from]) : message.from}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(message.createdAt)}
          </Text>
        </Group>
        {details && (
          <Text size="xs" c="dimmed">
            <FormattedMessage id="email.to" values={{ addresses: list(details.to) }} />
            {details.cc.length > 0 && (
              <>
                {' · '}
                <FormattedMessage id="email.cc" values={{ addresses: list(details.cc) }} />
              </>
            )}
          </Text>
        )}
        {details?.authentication?.failing && (
          <Notice color="orange" icon={<IconAlertTriangle size={16} />} testId="email-sender-unverified">
            <FormattedMessage
              id="email.senderUnverified"
              values={{
                address: details.from.address,
                spf: details.authentication.spf,
                dkim: details.authentication.dkim,
                dmarc: details.authentication.dmarc,
              }}
            />
          </Notice>
        )}
        {outbound && message.status === 'failed' && (
          <Notice color="red" icon={<IconMailX size={16} />} testId="email-not-delivered">
            {details?.deliveryError ? (
              <FormattedMessage id="email.notDeliveredReason" values={{ reason: details.deliveryError }} />
            ) : (
              <FormattedMessage id="email.notDelivered" />
            )}
          </Notice>
        )}
        <Group gap="xs">
          <Text fw={600}>{details?.subject || intl.formatMessage({ id: 'email.noSubject' })}</Text>
          {details?.automatic && (
            <Badge size="xs" variant="light" color="gray">
              <FormattedMessage id="email.automatic" />
            </Badge>
          )}
        </Group>
        {details?.html ? (
          <>
            {details.remoteImages && !showImages && (
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  <FormattedMessage id="email.remoteImagesBlocked" />
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconPhoto size={14} />}
                  onClick={() => setShowImages(true)}
                >
                  <FormattedMessage id="email.showImages" />
                </Button>
              </Group>
            )}
            <EmailFrame
              html={details.html}
              showRemoteImages={showImages}
              inlineImages={inlineImages}
              subject={details.subject}
            />
          </>
        ) : (
          <>
            <pre className={classes.text}>{text.body}</pre>
            {text.quoted && (
              <>
                <Anchor component="button" type="button" size="xs" onClick={() => setShowQuoted((v) => !v)}>
                  <FormattedMessage id={showQuoted ? 'email.hideQuoted' : 'email.showQuoted'} />
                </Anchor>
                {showQuoted && (
                  <Text component="pre" c="dimmed" className={classes.text}>
                    {text.quoted}
                  </Text>
                )}
              </>
            )}
          </>
        )}
        {details && details.attachments.length > 0 && (
          <Group gap="xs" mt={4}>
            {details.attachments.map((a) =>
              a.kept && mailbox ? (
                <Button
                  key={a.id}
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconDownload size={14} />}
                  onClick={() =>
                    void download(mailbox.provider, mailbox.address, a.id, a.filename).catch(
                      (error: unknown) => notifyError(error),
                    )
                  }
                >
                  {a.filename} ({formatSize(a.size, intl.locale)})
                </Button>
              ) : (
                <Badge key={a.id} variant="outline" color="gray">
                  <FormattedMessage
                    id="email.attachmentNotKept"
                    values={{ name: a.filename, size: formatSize(a.size, intl.locale) }}
                  />
                </Badge>
              ),
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
