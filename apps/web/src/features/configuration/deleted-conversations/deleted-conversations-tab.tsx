import { conversationEndpoints, type DeletedConversation } from '@accueil/domain';
import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { api } from '../../../lib/endpoint-client';
import { formatPhone } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';

const deletedKey = ['conversations', 'deleted'] as const;

/**
 * The configuration tab of an administrator's deleted conversations (every team of the
 * organisation), each restorable for 30 days after its deletion; restoring brings it back to its
 * team's inbox as it was.
 */
export function DeletedConversationsTab() {
  const intl = useIntl();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: deletedKey,
    queryFn: async ({ signal }) => (await api.call(conversationEndpoints.listDeleted, { signal })).items,
  });
  const restore = useMutation({
    mutationFn: (c: DeletedConversation) => api.call(conversationEndpoints.restore, { params: { id: c.id } }),
    onSuccess: (_restored, c) => {
      notifySuccess(
        intl.formatMessage(
          { id: 'deletedConversations.restored' },
          { name: c.contactName ?? formatPhone(c.friendlyName) },
        ),
      );
      void client.invalidateQueries({ queryKey: ['conversations'] });
    },
    onError: (error) => notifyError(error),
  });
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
      {list.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="deletedConversations.empty" />
        </Text>
      )}
      {list.data && list.data.length > 0 && (
        <Table striped aria-label={intl.formatMessage({ id: 'deletedConversations.title' })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="deletedConversations.col.conversation" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="deletedConversations.col.team" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="deletedConversations.col.deleted" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="deletedConversations.col.until" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="deletedConversations.col.actions" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {c.contactName ?? formatPhone(c.friendlyName)}
                  </Text>
                  {c.contactName && (
                    <Text size="xs" c="dimmed">
                      {formatPhone(c.friendlyName)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{c.userGroup.label}</Table.Td>
                <Table.Td>
                  <FormattedDate value={c.deletedAt} dateStyle="medium" timeStyle="short" />
                  {c.deletedBy && (
                    <Text size="xs" c="dimmed">
                      {c.deletedBy.name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <FormattedDate value={c.restorableUntil} dateStyle="medium" />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRestore size={14} />}
                    onClick={() => restore.mutate(c)}
                    loading={restore.isPending && restore.variables.id === c.id}
                    aria-label={intl.formatMessage(
                      { id: 'deletedConversations.restoreNamed' },
                      { name: c.contactName ?? formatPhone(c.friendlyName) },
                    )}
                  >
                    <FormattedMessage id="deletedConversations.restore" />
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
