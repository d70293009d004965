import { Select, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '../../../lib/session';
import { useAbility } from '../../../lib/use-ability';
import { useConfigurationSubTab } from '../use-configuration-tab';
import { OrganizationScheduleForm, TeamScheduleForm } from './schedule-forms';

/**
 * The Schedules tab of the configuration screen: the organisation's week and vacations, and
 * each team's (its own, or following the organisation's). The `tab` query parameter names what
 * is shown (`organization` or a team id). Administrators edit; the server refuses the others.
 */
export default function SchedulesTab() {
  const intl = useIntl();
  const { context } = useSession();
  const canEdit = useAbility('configuration.edit');
  const [target, setTarget] = useConfigurationSubTab('organization');
  if (!context) return null;
  const teams = context.userGroups;
  const selected = target !== 'organization' && teams.some((t) => t.id === target) ? target : 'organization';
  const options = [
    { value: 'organization', label: intl.formatMessage({ id: 'configuration.schedules.ofOrganization' }) },
    ...teams.map((t) => ({
      value: t.id,
      label: intl.formatMessage({ id: 'configuration.schedules.ofTeam' }, { team: t.label }),
    })),
  ];
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          <FormattedMessage id="configuration.schedules.title" />
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          <FormattedMessage id="configuration.schedules.intro" />
        </Text>
      </Stack>
      <Select
        label={intl.formatMessage({ id: 'configuration.schedules.whose' })}
        data={options}
        value={selected}
        onChange={(v) => v && setTarget(v)}
        allowDeselect={false}
        w={320}
        comboboxProps={{ withinPortal: true }}
      />
      {selected === 'organization' ? (
        <OrganizationScheduleForm
          organizationId={context.organization.id}
          timeZone={context.organization.timeZone}
          canEdit={canEdit}
        />
      ) : (
        <TeamScheduleForm organizationId={context.organization.id} teamId={selected} canEdit={canEdit} />
      )}
    </Stack>
  );
}
