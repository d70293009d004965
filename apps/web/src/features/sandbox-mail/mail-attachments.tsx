import { endpointPath, sandboxMailEndpoints, type SandboxMail } from '@accueil/domain';
import { Anchor, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { FormattedMessage, FormattedNumber } from 'react-intl';

/** Where the sandbox mailbox serves one kept file's bytes. */
export const attachmentUrl = (id: string) => endpointPath(sandboxMailEndpoints.attachment, { id });

/**
 * The mail's HTML with its inline parts (`cid:<contentId>`, e.g. a report's charts) pointing at
 * the files the mailbox kept, as a mail program shows them; any other `cid:` stays broken.
 */
export function withInlineParts(mail: Pick<SandboxMail, 'html' | 'attachments'>): string {
  const byCid = new Map(
    mail.attachments.filter((a) => a.contentId).map((a) => [a.contentId!, attachmentUrl(a.id)]),
  );
  if (byCid.size === 0) return mail.html;
  return mail.html.replace(/cid:([^"'\s)>]+)/g, (whole, cid: string) => byCid.get(cid) ?? whole);
}

/** The files a mail carried: a preview for pictures, each downloadable under its name, with its size. */
export function MailAttachments({ mail }: { mail: SandboxMail }) {
  if (mail.attachments.length === 0) return null;
  return (
    <Stack gap={4} data-testid="sandbox-mail-attachments">
      <Text size="sm" fw={600}>
        <FormattedMessage id="sandboxMail.attachments" values={{ count: mail.attachments.length }} />
      </Text>
      <Group gap="xs">
        {mail.attachments.map((a) => (
          <Paper key={a.id} withBorder p={6} radius="sm">
            <Stack gap={4} align="flex-start">
              {a.contentType.startsWith('image/') && a.contentType !== 'image/svg+xml' && (
                <Image src={attachmentUrl(a.id)} alt="" h={72} w="auto" fit="contain" radius="xs" />
              )}
              <Anchor href={attachmentUrl(a.id)} download={a.filename} size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconPaperclip size={14} aria-hidden />
                  {a.filename}
                </Group>
              </Anchor>
              <Text size="xs" c="dimmed">
                {/* Base 1000, as the product writes sizes: kB / ko. */}
                <FormattedNumber
                  value={a.size / 1000}
                  style="unit"
                  unit="kilobyte"
                  maximumFractionDigits={1}
                />
              </Text>
            </Stack>
          </Paper>
        ))}
      </Group>
    </Stack>
  );
}
