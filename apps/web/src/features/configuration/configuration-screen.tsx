import { Box, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { abilityOf } from '../../lib/use-ability';
import { CONFIGURATION_TABS, type ConfigurationTab } from './configuration-tabs';
import classes from './configuration.module.css';
import { selectConfigurationTab } from './use-configuration-tab';

/**
 * `/configuration`: the organisation's settings in tabs (teams, users, schedules, security, …),
 * the one open named by the `configTab` query parameter. A tab the session lacks the ability
 * for is not listed. `tabs` defaults to {@link CONFIGURATION_TABS} (tests pass their own).
 */
export function ConfigurationScreen({
  tabs: allTabs = CONFIGURATION_TABS,
}: {
  tabs?: readonly ConfigurationTab[];
}) {
  const intl = useIntl();
  const { context } = useSession();
  const [params, setParams] = useSearchParams();
  const tabs = allTabs.filter((t) => !t.ability || abilityOf(context, t.ability));
  const current = selectConfigurationTab(tabs, params.get('configTab'), params.get('tab'));

  return (
    <Stack className={classes.screen} gap="md">
      <Title order={1} size="h2">
        <FormattedMessage id="configuration.title" />
      </Title>
      {current === null ? (
        <Text c="dimmed">
          <FormattedMessage id="configuration.empty" />
        </Text>
      ) : (
        <Tabs
          orientation="vertical"
          value={current.key}
          onChange={(key) => key && setParams({ configTab: key })}
          keepMounted={false}
          classNames={{
            root: classes.tabs,
            list: classes.list,
            tabLabel: classes.tabLabel,
            panel: classes.panel,
          }}
        >
          <Tabs.List aria-label={intl.formatMessage({ id: 'configuration.tabs' })}>
            {tabs.map(({ key, labelId, icon: TabIcon }) => (
              <Tabs.Tab key={key} value={key} leftSection={<TabIcon size={18} stroke={1.7} />}>
                <FormattedMessage id={labelId} />
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map(({ key, component: Content }) => (
            <Tabs.Panel key={key} value={key}>
              <Box className={classes.content}>
                <Suspense
                  fallback={<Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />}
                >
                  <Content />
                </Suspense>
              </Box>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
