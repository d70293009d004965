import { MACHINE_MODES, type AllowedMachine, type MachineList } from '@accueil/domain';
import {
  ActionIcon,
  Badge,
  Group,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceDesktop, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { organizationKeys } from '../organization/api';
import { fetchMachines, renameMachine, revokeMachine, saveMachineMode, securityKeys } from './api';
import { SecuritySection } from './section';

/** A machine's name, saved when the field loses focus or on Enter (when it changed). */
function MachineName({ machine, onSave }: { machine: AllowedMachine; onSave: (name: string) => void }) {
  const intl = useIntl();
  const [value, setValue] = useState(machine.name);
  const save = () => {
    if (value.trim() !== machine.name) onSave(value.trim());
  };
  return (
    <TextInput
      size="xs"
      value={value}
      maxLength={100}
      placeholder={intl.formatMessage({ id: 'security.machines.unnamed' })}
      aria-label={intl.formatMessage({ id: 'security.machines.nameLabel' })}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
      }}
      data-testid="machine-name"
    />
  );
}

/**
 * Sign-in from the organisation's machines only (administrators): the mode (disabled, setup,
 * enabled) and the allowlist, each machine named, with its last use, revocable.
 */
export function MachinesSection() {
  const intl = useIntl();
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: securityKeys.machines,
    queryFn: ({ signal }) => fetchMachines(signal),
  });
  const put = (list: MachineList) => client.setQueryData(securityKeys.machines, list);
  const refresh = () => client.invalidateQueries({ queryKey: securityKeys.machines });

  const mode = useMutation({
    mutationFn: saveMachineMode,
    onSuccess: (list) => {
      put(list);
      // The Organisation tab's "office only" option is this list's enabled mode.
      void client.invalidateQueries({ queryKey: organizationKeys.all });
      notifySuccess(intl.formatMessage({ id: 'security.saved' }));
    },
    onError: (error) => notifyError(error),
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameMachine(id, name),
    onSuccess: () => {
      notifySuccess(intl.formatMessage({ id: 'security.saved' }));
      void refresh();
    },
    onError: (error) => notifyError(error),
  });
  const revoke = useMutation({
    mutationFn: revokeMachine,
    onSuccess: () => {
      notifySuccess(intl.formatMessage({ id: 'security.machines.revoked' }));
      void refresh();
    },
    onError: (error) => notifyError(error),
  });

  const label = (m: AllowedMachine) => m.name || intl.formatMessage({ id: 'security.machines.unnamed' });
  const confirmRevoke = (m: AllowedMachine) =>
    modals.openConfirmModal({
      title: intl.formatMessage({ id: 'security.machines.revokeTitle' }),
      children: (
        <Text size="sm">
          {intl.formatMessage({ id: 'security.machines.revokeBody' }, { name: label(m) })}
        </Text>
      ),
      labels: {
        confirm: intl.formatMessage({ id: 'security.machines.revoke' }),
        cancel: intl.formatMessage({ id: 'common.cancel' }),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(m.id),
    });

  return (
    <SecuritySection
      testId="security-machines"
      title={<FormattedMessage id="security.machines.title" />}
      description={<FormattedMessage id="security.machines.description" />}
    >
      <Radio.Group
        value={data?.mode ?? null}
        onChange={(value) => mode.mutate(value)}
        label={intl.formatMessage({ id: 'security.machines.mode' })}
      >
        <Stack gap="xs" mt="xs">
          {MACHINE_MODES.map((m) => (
            <Radio
              key={m}
              value={m}
              label={intl.formatMessage({ id: `security.machines.mode.${m}` })}
              description={intl.formatMessage({ id: `security.machines.mode.${m}.help` })}
              data-testid={`machine-mode-${m}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {data && data.machines.length === 0 && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="security.machines.empty" />
        </Text>
      )}
      {data && data.machines.length > 0 && (
        <Table verticalSpacing="xs" data-testid="machines-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="security.machines.name" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="security.machines.lastUse" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="security.machines.createdAt" />
              </Table.Th>
              <Table.Th w={56}>
                <VisuallyHidden>
                  <FormattedMessage id="security.actions" />
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.machines.map((m) => (
              <Table.Tr key={m.id} data-testid="machine-row">
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <IconDeviceDesktop size={16} aria-hidden />
                    <MachineName machine={m} onSave={(name) => rename.mutate({ id: m.id, name })} />
                    {m.current && (
                      <Badge variant="light" size="sm">
                        <FormattedMessage id="security.machines.current" />
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(m.lastSeenAt)}</Text>
                  {m.lastUserName && (
                    <Text size="xs" c="dimmed">
                      {m.lastUserName}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(m.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={intl.formatMessage({ id: 'security.machines.revoke' })}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={intl.formatMessage(
                        { id: 'security.machines.revokeNamed' },
                        { name: label(m) },
                      )}
                      onClick={() => confirmRevoke(m)}
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
    </SecuritySection>
  );
}
