import { MACHINE_MODES, type AllowedMachine } from '@accueil/domain';
import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfigList, confirmDelete, EmptyList } from '../../../lib/config-kit';
import { formatDateTime } from '../../../lib/format';
import { MachineName } from './machine-name';
import { SecuritySection } from './section';
import { useMachineMutations, useMachines } from './use-security';

/**
 * Sign-in from the organisation's machines only (administrators): the mode (disabled, setup,
 * enabled) and the allowlist, each machine named, with its last use, revocable.
 */
export function MachinesSection() {
  const intl = useIntl();
  const { data } = useMachines();
  const { mode, rename, revoke } = useMachineMutations();
  const label = (m: AllowedMachine) => m.name || intl.formatMessage({ id: 'security.machines.unnamed' });
  const askRevoke = async (m: AllowedMachine) => {
    const ok = await confirmDelete({
      titleId: 'security.machines.revokeTitle',
      bodyId: 'security.machines.revokeBody',
      confirmId: 'security.machines.revoke',
      values: { name: label(m) },
    });
    if (ok) revoke.mutate(m.id);
  };

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
      {data && (
        <ConfigList
          label={intl.formatMessage({ id: 'security.machines.title' })}
          rows={data.machines}
          rowKey={(m) => m.id}
          testId="machines-table"
          rowTestId="machine-row"
          empty={
            <EmptyList>
              <FormattedMessage id="security.machines.empty" />
            </EmptyList>
          }
          columns={[
            {
              key: 'name',
              header: <FormattedMessage id="security.machines.name" />,
              render: (m) => (
                <Group gap={8} wrap="nowrap">
                  <IconDeviceDesktop size={16} aria-hidden />
                  <MachineName machine={m} onSave={(name) => rename.mutateAsync({ id: m.id, name })} />
                  {m.current && (
                    <Badge variant="light" size="sm">
                      <FormattedMessage id="security.machines.current" />
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              key: 'lastUse',
              header: <FormattedMessage id="security.machines.lastUse" />,
              render: (m) => (
                <>
                  <Text size="sm">{formatDateTime(m.lastSeenAt)}</Text>
                  {m.lastUserName && (
                    <Text size="xs" c="dimmed">
                      {m.lastUserName}
                    </Text>
                  )}
                </>
              ),
            },
            {
              key: 'createdAt',
              header: <FormattedMessage id="security.machines.createdAt" />,
              render: (m) => <Text size="sm">{formatDateTime(m.createdAt)}</Text>,
            },
          ]}
          onDelete={(m) => void askRevoke(m)}
          deleteLabel={(m) => intl.formatMessage({ id: 'security.machines.revokeNamed' }, { name: label(m) })}
        />
      )}
    </SecuritySection>
  );
}
