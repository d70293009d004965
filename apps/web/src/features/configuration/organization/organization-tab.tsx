import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useSession } from '../../../lib/session';
import { useOrganizationSettings } from './use-organization';
import { SettingsForm } from './settings-form';

/**
 * The Organisation tab of the configuration screen: names per locale, logo, contact details,
 * sector and services, expertises, country, time zone, language and options
 * (docs/behaviour/organization-settings.md). Administrators edit; others read.
 */
export default function OrganizationTab() {
  const { context } = useSession();
  const id = context?.organization.id ?? '';
  const query = useOrganizationSettings(id);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          <FormattedMessage id="configuration.organization.title" />
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id="configuration.organization.intro" />
        </Text>
      </Stack>
      {query.isPending ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <Alert
          color="red"
          variant="light"
          title={<FormattedMessage id="configuration.organization.loadFailed" />}
        >
          <Button variant="light" color="red" size="compact-sm" onClick={() => void query.refetch()}>
            <FormattedMessage id="common.retry" />
          </Button>
        </Alert>
      ) : (
        <SettingsForm key={query.data.id} initial={query.data} />
      )}
    </Stack>
  );
}
