import type { Passkey } from '@accueil/domain';
import { Button, Group, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfigList, confirmDelete, EmptyList } from '../../../lib/config-kit';
import { formatDateTime } from '../../../lib/format';
import { SecuritySection } from './section';
import { usePasskeyMutations, usePasskeys } from './use-security';

/** The signed-in user's passkeys: add one (the browser's prompt), list, delete. */
export function PasskeysSection() {
  const intl = useIntl();
  const { data: passkeys, isPending } = usePasskeys();
  const { add, remove } = usePasskeyMutations();
  const provider = (p: Passkey) =>
    p.provider ?? intl.formatMessage({ id: 'security.passkeys.unknownProvider' });
  const askDelete = async (p: Passkey) => {
    const ok = await confirmDelete({
      titleId: 'security.passkeys.deleteTitle',
      bodyId: 'security.passkeys.deleteBody',
      confirmId: 'security.passkeys.delete',
    });
    if (ok) remove.mutate(p.id);
  };

  return (
    <SecuritySection
      testId="security-passkeys"
      title={<FormattedMessage id="security.passkeys.title" />}
      description={<FormattedMessage id="security.passkeys.description" />}
    >
      {!isPending && (
        <ConfigList
          label={intl.formatMessage({ id: 'security.passkeys.title' })}
          rows={passkeys ?? []}
          rowKey={(p) => p.id}
          testId="passkeys-table"
          rowTestId="passkey-row"
          empty={
            <EmptyList testId="passkeys-empty">
              <FormattedMessage id="security.passkeys.empty" />
            </EmptyList>
          }
          columns={[
            {
              key: 'provider',
              header: <FormattedMessage id="security.passkeys.provider" />,
              render: (p) => (
                <Group gap={8} wrap="nowrap">
                  <IconKey size={16} aria-hidden />
                  <Text size="sm">{provider(p)}</Text>
                </Group>
              ),
            },
            {
              key: 'createdAt',
              header: <FormattedMessage id="security.passkeys.createdAt" />,
              render: (p) => <Text size="sm">{formatDateTime(p.createdAt)}</Text>,
            },
            {
              key: 'lastUsedAt',
              header: <FormattedMessage id="security.passkeys.lastUsedAt" />,
              render: (p) => (
                <Text size="sm" c={p.lastUsedAt ? undefined : 'dimmed'}>
                  {p.lastUsedAt
                    ? formatDateTime(p.lastUsedAt)
                    : intl.formatMessage({ id: 'security.passkeys.neverUsed' })}
                </Text>
              ),
            },
          ]}
          onDelete={(p) => void askDelete(p)}
          deleteLabel={(p) =>
            intl.formatMessage({ id: 'security.passkeys.deleteNamed' }, { provider: provider(p) })
          }
        />
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
