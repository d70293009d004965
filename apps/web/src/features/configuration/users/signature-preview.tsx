import { emailSignature, type SignatureSource } from '@accueil/domain';
import { Paper, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
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
  return (
    <Paper withBorder p="sm" radius="sm" bg="gray.0" data-testid="signature-preview">
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
