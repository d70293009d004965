import type { Passkey } from '@accueil/domain';
import { ActionIcon, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ApiError } from '../../../lib/api';
import { createPasskey, deletePasskey, fetchPasskeys, securityKeys } from './api';
import { SecuritySection } from './section';

/** The signed-in user's passkeys: add one (the browser's prompt), list, delete. */
export function PasskeysSection() {
  const intl = useIntl();
  const client = useQueryClient();
  const { data: passkeys, isPending } = useQuery({
    queryKey: securityKeys.passkeys,
    queryFn: ({ signal }) => fetchPasskeys(signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: securityKeys.passkeys });

  const add = useMutation({
    mutationFn: createPasskey,
    onSuccess: () => {
      notifySuccess(intl.formatMessage({ id: 'security.passkeys.created' }));
      void refresh();
    },
    onError: (error) => {
      // The person closed the browser's prompt: nothing to report.
      if (!(error instanceof ApiError) && (error as { name?: string }).name === 'NotAllowedError') return;
      notifyError(error, 'security.passkeys.createFailed');
    },
  });
  const remove = useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => {
      notifySuccess(intl.formatMessage({ id: 'security.passkeys.deleted' }));
      void refresh();
    },
    onError: (error) => notifyError(error),
  });

  const confirmDelete = (passkey: Passkey) =>
    modals.openConfirmModal({
      title: intl.formatMessage({ id: 'security.passkeys.deleteTitle' }),
      children: <Text size="sm">{intl.formatMessage({ id: 'security.passkeys.deleteBody' })}</Text>,
      labels: {
        confirm: intl.formatMessage({ id: 'security.passkeys.delete' }),
        cancel: intl.formatMessage({ id: 'common.cancel' }),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(passkey.id),
    });

  const provider = (p: Passkey) =>
    p.provider ?? intl.formatMessage({ id: 'security.passkeys.unknownProvider' });

  return (
    <SecuritySection
      testId="security-passkeys"
      title={<FormattedMessage id="security.passkeys.title" />}
      description={<FormattedMessage id="security.passkeys.description" />}
    >
      {!isPending && passkeys?.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="passkeys-empty">
          <FormattedMessage id="security.passkeys.empty" />
        </Text>
      )}
      {passkeys && passkeys.length > 0 && (
        <Table verticalSpacing="xs" data-testid="passkeys-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="security.passkeys.provider" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="security.passkeys.createdAt" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="security.passkeys.lastUsedAt" />
              </Table.Th>
              <Table.Th w={56}>
                <VisuallyHidden>
                  <FormattedMessage id="security.actions" />
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {passkeys.map((p) => (
              <Table.Tr key={p.id} data-testid="passkey-row">
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <IconKey size={16} aria-hidden />
                    <Text size="sm">{provider(p)}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(p.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={p.lastUsedAt ? undefined : 'dimmed'}>
                    {p.lastUsedAt
                      ? formatDateTime(p.lastUsedAt)
                      : intl.formatMessage({ id: 'security.passkeys.neverUsed' })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={intl.formatMessage({ id: 'security.passkeys.delete' })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={intl.formatMessage(
                        { id: 'security.passkeys.deleteNamed' },
                        { provider: provider(p) },
                      )}
                      onClick={() => confirmDelete(p)}
                    >
                      <IconTrash size={17} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button
          leftSection={<IconPlus size={17} />}
          loading={add.isPending}
          onClick={() => add.mutate()}
          data-testid="passkey-add"
        >
          <FormattedMessage id="security.passkeys.add" />
        </Button>
      </Group>
    </SecuritySection>
  );
}
