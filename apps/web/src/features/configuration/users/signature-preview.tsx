import { emailSignature, type SignatureSource } from '@accueil/domain';
import { Paper, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { confirmAction } from '../../../lib/config-kit/confirm';
import { useSession } from '../../../lib/session';
import { useOrganizationSettings } from '../organization/use-organization';

/**
 * The user's e-mail signature as their replies will carry it (docs/behaviour/email.md,
 * "Replying"): `emailSignature` of the mode chosen in the form, with the fields as typed and
 * the organisation's name, address, phone and e-mail — the server's very rule — after `-- `.
 * "No signature" says so.
 */
export function SignaturePreview({ mode, user }: Pick<SignatureSource, 'mode' | 'user'>) {
  const { context } = useSession();
  const organization = useOrganizationSettings(context?.organization.id ?? '').data;
  const text = emailSignature({
    mode,
    user,
    organization: {
      name: organization?.name ?? context?.organization.name ?? '',
      phone: organization?.phone ?? null,
      email: organization?.email ?? null,
      address: organization?.address ?? null,
    },
  });
  return <SignatureText text={text} testId="signature-preview" />;
}

/**
 * A signature as replies carry it: after `-- `, in a monospace box headed "As it will be sent";
 * "No signature" when `text` is empty. Used by the user form and Personalisation.
 */
export function SignatureText({ text, testId }: { text: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="sm" bg="gray.0" data-testid={testId}>
      <Text size="xs" fw={600} c="dimmed" mb={4}>
        <FormattedMessage id="teamsUsers.signature.preview" />
      </Text>
      {text ? (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
          {`-- \n${text}`}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="teamsUsers.signature.previewNone" />
        </Text>
      )}
    </Paper>
  );
}

/** Asks before a template replaces a signature's written text; true when confirmed (or nothing was written). */
export async function confirmReplaceSignature(current: string): Promise<boolean> {
  if (current.trim() === '') return true;
  return confirmAction({
    titleId: 'teamsUsers.signature.replaceTitle',
    bodyId: 'teamsUsers.signature.replaceBody',
    confirmId: 'teamsUsers.signature.replace',
    danger: true,
  });
}
