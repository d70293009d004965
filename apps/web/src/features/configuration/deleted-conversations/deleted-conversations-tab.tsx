import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ConfigList, EmptyList } from '../../../lib/config-kit';
import { formatPhone } from '../../../lib/format';
import {
  deletedConversationName,
  useDeletedConversations,
  useRestoreConversation,
} from './use-deleted-conversations';

/**
 * The configuration tab of an administrator's deleted conversations (every team of the
 * organisation), each restorable for 30 days after its deletion; restoring brings it back to its
 * team's inbox as it was.
 */
export function DeletedConversationsTab() {
  const intl = useIntl();
  const list = useDeletedConversations();
  const restore = useRestoreConversation();
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          <FormattedMessage id="deletedConversations.title" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="deletedConversations.intro" />
        </Text>
      </div>
      {list.isError && (
        <Alert color="red">{intl.formatMessage({ id: 'deletedConversations.loadFailed' })}</Alert>
      )}
      {list.data && (
        <ConfigList
          label={intl.formatMessage({ id: 'deletedConversations.title' })}
          rows={list.data}
          rowKey={(c) => c.id}
          verticalSpacing="sm"
          empty={
            <EmptyList>
              <FormattedMessage id="deletedConversations.empty" />
            </EmptyList>
          }
          columns={[
            {
              key: 'conversation',
              header: <FormattedMessage id="deletedConversations.col.conversation" />,
              render: (c) => (
                <>
                  <Text size="sm" fw={500}>
                    {deletedConversationName(c)}
                  </Text>
                  {c.contactName && (
                    <Text size="xs" c="dimmed">
                      {formatPhone(c.friendlyName)}
                    </Text>
                  )}
                </>
              ),
            },
            {
              key: 'team',
              header: <FormattedMessage id="deletedConversations.col.team" />,
              render: (c) => c.userGroup.label,
            },
            {
              key: 'deleted',
              header: <FormattedMessage id="deletedConversations.col.deleted" />,
              render: (c) => (
                <>
                  <FormattedDate value={c.deletedAt} dateStyle="medium" timeStyle="short" />
                  {c.deletedBy && (
                    <Text size="xs" c="dimmed">
                      {c.deletedBy.name}
                    </Text>
                  )}
                </>
              ),
            },
            {
              key: 'until',
              header: <FormattedMessage id="deletedConversations.col.until" />,
              render: (c) => <FormattedDate value={c.restorableUntil} dateStyle="medium" />,
            },
          ]}
          actions={(c) => (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRestore size={14} />}
              onClick={() => restore.mutate(c)}
              loading={restore.isPending && restore.variables.id === c.id}
              aria-label={intl.formatMessage(
                { id: 'deletedConversations.restoreNamed' },
                { name: deletedConversationName(c) },
              )}
            >
              <FormattedMessage id="deletedConversations.restore" />
            </Button>
          )}
        />
      )}
    </Stack>
  );
}
