import { APP_VERSION } from '@accueil/domain';
import { ActionIcon, Drawer, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '../../lib/session';
import { Synchronizations } from './synchronizations';

/**
 * The developer tool panel (spec §2: environment and synchronisation, in development mode only):
 * a button at the bottom right opens a drawer with the build's environment and, once signed in,
 * the three synchronize actions (devops only: the server refuses others). Mounted by the app only
 * in development builds (`import.meta.env.DEV`), so production builds do not contain it.
 */
export function DeveloperPanel() {
  const intl = useIntl();
  const { context } = useSession();
  const [opened, setOpened] = useState(false);
  const label = intl.formatMessage({ id: 'devops.devPanel.open' });
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          aria-label={label}
          size="lg"
          radius="xl"
          variant="filled"
          color="dark"
          onClick={() => setOpened(true)}
          style={{ position: 'fixed', insetInlineEnd: 16, bottom: 16, zIndex: 300 }}
        >
          <IconTool size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        title={<FormattedMessage id="devops.devPanel.title" />}
      >
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={3} size="h5">
              <FormattedMessage id="devops.devPanel.environment" />
            </Title>
            {(
              [
                ['mode', import.meta.env.MODE],
                ['version', APP_VERSION],
                ['api', `${window.location.origin}/api`],
              ] as const
            ).map(([id, value]) => (
              <Group key={id} justify="space-between">
                <Text size="sm" c="dimmed">
                  <FormattedMessage id={`devops.devPanel.${id}`} />
                </Text>
                <Text size="sm">{value}</Text>
              </Group>
            ))}
          </Stack>
          {context && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                <FormattedMessage id="devops.devPanel.sync" />
              </Title>
              <Text size="xs" c="dimmed">
                <FormattedMessage id="devops.devPanel.devopsOnly" />
              </Text>
              <Synchronizations />
            </Stack>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
