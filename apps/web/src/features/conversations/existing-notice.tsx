import type { Contact } from '@accueil/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconArchive, IconUser } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';

/** What already exists for the typed number (lookup, or a 409 answer to the creation). */
export type ExistingNotice =
  | { kind: 'exists'; conversationId: string }
  | { kind: 'archived'; conversationId: string }
  | { kind: 'contact'; contact: Contact };

/**
 * 'Existing conversation, archived conversation or contact for a phone number', with a
 * button that opens the existing conversation.
 */
export function ExistingNoticeAlert({
  notice,
  onOpen,
}: {
  notice: ExistingNotice;
  onOpen: (conversationId: string) => void;
}) {
  if (notice.kind === 'contact') {
    return (
      <Alert color="blue" variant="light" icon={<IconUser size={18} />}>
        <Text size="sm">
          <FormattedMessage id="conversations.new.contactNotice" values={{ name: notice.contact.fullname }} />
        </Text>
      </Alert>
    );
  }
  const archived = notice.kind === 'archived';
  return (
    <Alert
      color={archived ? 'gray' : 'orange'}
      variant="light"
      icon={archived ? <IconArchive size={18} /> : <IconAlertCircle size={18} />}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">
          <FormattedMessage
            id={archived ? 'conversations.new.archivedNotice' : 'conversations.new.existsNotice'}
          />
        </Text>
        <Button
          size="compact-sm"
          variant="white"
          onClick={() => onOpen(notice.conversationId)}
          style={{ flex: 'none' }}
        >
          <FormattedMessage id="conversations.new.openIt" />
        </Button>
      </Group>
    </Alert>
  );
}
