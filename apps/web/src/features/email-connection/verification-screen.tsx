import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';

/**
 * Why the server's OAuth callback refused an authorisation (docs/behaviour/email.md, "Gmail and
 * Outlook"): the reasons `/verification/error/:provider?reason=` carries. Another value reads
 * as `provider`.
 */
export const VERIFICATION_REASONS = [
  'expired',
  'denied',
  'session',
  'mismatch',
  'taken',
  'provider',
  'mailbox',
] as const;
export type VerificationReason = (typeof VERIFICATION_REASONS)[number];

/** The reason of the page's address, `provider` when it is missing or unknown. */
export function verificationReason(value: string | null): VerificationReason {
  return VERIFICATION_REASONS.find((r) => r === value) ?? 'provider';
}

/** The provider's name as the page says it (the path's `:provider`; Gmail, Outlook or IMAP's OAuth server, else as written). */
function providerName(provider: string | undefined): string {
  if (provider === 'gmail') return 'Gmail';
  if (provider === 'outlook') return 'Outlook';
  if (provider === 'imap') return 'OAuth 2 (IMAP)';
  return provider ?? '';
}

/**
 * `/verification/success` and `/verification/error/:provider?reason=` (spec setup §2: result
 * pages of the e-mail provider authorisation, open to all, no navigation): where the
 * authorisation popup lands. Says what happened — for an error, why, by `reason` — and offers
 * a button that closes the window (the opener, watching the popup, then reads the team's
 * mailbox again). A window the browser will not let the page close says to close it by hand.
 */
export function VerificationScreen({ outcome }: { outcome: 'success' | 'error' }) {
  const intl = useIntl();
  const { provider } = useParams();
  const [params] = useSearchParams();
  const [closeRefused, setCloseRefused] = useState(false);
  const reason = verificationReason(params.get('reason'));
  const success = outcome === 'success';
  const close = () => {
    window.close();
    // A window not opened by a script stays open: the page says so.
    setTimeout(() => setCloseRefused(!window.closed), 300);
  };
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder radius="md" p="xl" maw={480} w="100%" data-testid={`verification-${outcome}`}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color={success ? 'teal' : 'red'}>
            {success ? <IconCircleCheck size={34} /> : <IconMailExclamation size={34} />}
          </ThemeIcon>
          <Title order={1} fz={24}>
            <FormattedMessage
              id={success ? 'email.verification.successTitle' : 'email.verification.errorTitle'}
            />
          </Title>
          <Text>
            {success ? (
              <FormattedMessage id="email.verification.successBody" />
            ) : (
              intl.formatMessage(
                { id: `email.verification.reason.${reason}` },
                { provider: providerName(provider) },
              )
            )}
          </Text>
          <Button onClick={close} data-autofocus>
            <FormattedMessage id="email.verification.close" />
          </Button>
          {closeRefused && (
            <Text size="sm" c="dimmed" role="status">
              <FormattedMessage id="email.verification.closeByHand" />
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
