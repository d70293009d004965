import { formatBytes, type SecureFileSummary } from '@accueil/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconLock } from '@tabler/icons-react';
import { useIntl } from 'react-intl';

const STATE_COLORS: Record<SecureFileSummary['state'], string> = {
  waiting: 'blue',
  downloaded: 'teal',
  received: 'teal',
  locked: 'red',
  expired: 'gray',
};

/**
 * A secure file in the timeline (docs/behaviour/secure-files.md): sent (its name, size and
 * expiry) or asked for, with its state — waiting, downloaded, received, locked, expired.
 */
export function SecureFileCard({ secureFile, inbound }: { secureFile: SecureFileSummary; inbound: boolean }) {
  const intl = useIntl();
  const Icon = secureFile.kind === 'file' ? IconLock : IconFileUpload;
  const title = inbound
    ? 'secureFiles.card.received'
    : secureFile.kind === 'file'
      ? 'secureFiles.card.sent'
      : 'secureFiles.card.requested';
  return (
    <Stack gap={4} data-testid="secure-file-card" data-state={secureFile.state}>
      <Group gap={6} wrap="nowrap">
        <Icon size={16} aria-hidden />
        <Text size="sm" fw={500} inherit component="span">
          {intl.formatMessage({ id: title })}
        </Text>
        {!inbound && (
          <Badge size="sm" variant="light" color={STATE_COLORS[secureFile.state]}>
            {intl.formatMessage({ id: `secureFiles.state.${secureFile.state}` })}
          </Badge>
        )}
      </Group>
      {secureFile.name !== null && !inbound && (
        <Text size="sm" inherit component="div">
          {secureFile.name} · {formatBytes(secureFile.size ?? 0, intl.locale)}
        </Text>
      )}
      {!inbound && (
        <Text size="xs" inherit component="div">
          {intl.formatMessage(
            { id: 'secureFiles.card.expires' },
            { date: intl.formatDate(secureFile.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) },
          )}
        </Text>
      )}
    </Stack>
  );
}
