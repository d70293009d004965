import {
  nextPeriodChange,
  periodAt,
  resolveTeamSchedule,
  type Schedule,
  type SchedulePeriod,
  type TeamSchedule,
} from '@accueil/domain';
import { Alert, Badge, Button, Group, Loader, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '../../../lib/session';
import { useAbility } from '../../../lib/use-ability';
import { issuesOfApiError, type FieldIssues } from '../field-issues';
import { useConfigurationSubTab } from '../use-configuration-tab';
import { ScheduleEditor, scheduleIssues } from './schedule-editor';
import classes from './schedules.module.css';
import {
  useOrganizationSchedule,
  useSaveOrganizationSchedule,
  useSaveTeamSchedule,
  useTeamSchedule,
} from './use-schedules';

const PERIOD_COLORS: Record<SchedulePeriod, string> = {
  OPEN: 'teal',
  BREAK: 'yellow',
  CLOSE: 'gray',
  VACATION: 'grape',
};

/** "Open now · until 12:00": the period of `schedule` at this moment in `timeZone`, and when it changes. */
function PeriodNow({ schedule, timeZone }: { schedule: Schedule; timeZone: string }) {
  const intl = useIntl();
  if (Object.keys(scheduleIssues(schedule)).length > 0) return null;
  const now = new Date();
  const period = periodAt(schedule.week, schedule.vacations, now, timeZone);
  const next = nextPeriodChange(schedule.week, schedule.vacations, now, timeZone);
  const sameDay =
    next &&
    intl.formatDate(next.at, { timeZone, dateStyle: 'short' }) ===
      intl.formatDate(now, { timeZone, dateStyle: 'short' });
  const when =
    next &&
    (sameDay
      ? intl.formatTime(next.at, { timeZone, timeStyle: 'short' })
      : intl.formatDate(next.at, { timeZone, weekday: 'long', hour: 'numeric', minute: '2-digit' }));
  return (
    <Group gap="xs" aria-live="polite">
      <Badge color={PERIOD_COLORS[period]} variant="light" size="lg" radius="sm">
        <FormattedMessage id={`configuration.schedules.period.${period}`} />
      </Badge>
      {next && (
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="configuration.schedules.until"
            values={{
              when,
              period: intl
                .formatMessage({ id: `configuration.schedules.period.${next.period}` })
                .toLowerCase(),
            }}
          />
        </Text>
      )}
      <Text size="sm" c="dimmed">
        · {timeZone}
      </Text>
    </Group>
  );
}

/** The organisation's schedule, loaded then edited in place. */
function OrganizationScheduleForm({
  organizationId,
  timeZone,
  canEdit,
}: {
  organizationId: string;
  timeZone: string;
  canEdit: boolean;
}) {
  const query = useOrganizationSchedule(organizationId);
  if (query.isPending) return <Loader size="sm" />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <ScheduleForm
      key={organizationId}
      organizationId={organizationId}
      initial={query.data}
      timeZone={timeZone}
      canEdit={canEdit}
    />
  );
}

/** A team's schedule: following the organisation's, or its own. */
function TeamScheduleForm({
  organizationId,
  teamId,
  canEdit,
}: {
  organizationId: string;
  teamId: string;
  canEdit: boolean;
}) {
  const query = useTeamSchedule(teamId);
  const organization = useOrganizationSchedule(organizationId);
  if (query.isPending || organization.isPending) return <Loader size="sm" />;
  if (query.isError || organization.isError)
    return <LoadError onRetry={() => void Promise.all([query.refetch(), organization.refetch()])} />;
  return (
    <TeamScheduleEditor key={teamId} team={query.data} organization={organization.data} canEdit={canEdit} />
  );
}

function TeamScheduleEditor({
  team,
  organization,
  canEdit,
}: {
  team: TeamSchedule;
  organization: Schedule;
  canEdit: boolean;
}) {
  const intl = useIntl();
  const [follows, setFollows] = useState(team.schedule === null);
  // A team that starts its own schedule starts from the week it follows today (its own vacations empty).
  const [draft, setDraft] = useState<Schedule>(team.schedule ?? { week: team.effective.week, vacations: [] });
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const mutation = useSaveTeamSchedule(team.teamId);
  const save = () =>
    mutation.mutate(follows ? null : draft, {
      onSuccess: () => setServerIssues({}),
      onError: (error) => setServerIssues(issuesOfApiError(error)),
    });
  const invalid = !follows && Object.keys(scheduleIssues(draft)).length > 0;
  return (
    <Stack gap="md">
      <Switch
        label={intl.formatMessage({ id: 'configuration.schedules.followOrganization' })}
        description={intl.formatMessage({ id: 'configuration.schedules.followOrganizationHelp' })}
        checked={follows}
        disabled={!canEdit}
        onChange={(e) => setFollows(e.currentTarget.checked)}
      />
      <PeriodNow
        schedule={resolveTeamSchedule(organization, follows ? null : draft)}
        timeZone={team.timeZone}
      />
      {follows ? (
        <ScheduleEditor
          value={organization}
          onChange={() => undefined}
          disabled
          idPrefix={`team-${team.teamId}`}
        />
      ) : (
        <ScheduleEditor
          value={draft}
          onChange={setDraft}
          issues={serverIssues}
          disabled={!canEdit}
          idPrefix={`team-${team.teamId}`}
        />
      )}
      {canEdit && <SaveBar invalid={invalid} pending={mutation.isPending} onSave={save} />}
    </Stack>
  );
}

/** The organisation's schedule, editable, with its save button. */
function ScheduleForm({
  organizationId,
  initial,
  timeZone,
  canEdit,
}: {
  organizationId: string;
  initial: Schedule;
  timeZone: string;
  canEdit: boolean;
}) {
  const [draft, setDraft] = useState(initial);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const mutation = useSaveOrganizationSchedule(organizationId);
  const save = () =>
    mutation.mutate(draft, {
      onSuccess: () => setServerIssues({}),
      onError: (error) => setServerIssues(issuesOfApiError(error)),
    });
  const invalid = Object.keys(scheduleIssues(draft)).length > 0;
  return (
    <Stack gap="md">
      <PeriodNow schedule={draft} timeZone={timeZone} />
      <ScheduleEditor
        value={draft}
        onChange={setDraft}
        issues={serverIssues}
        disabled={!canEdit}
        idPrefix="organization"
      />
      {canEdit && <SaveBar invalid={invalid} pending={mutation.isPending} onSave={save} />}
    </Stack>
  );
}

function SaveBar({ invalid, pending, onSave }: { invalid: boolean; pending: boolean; onSave: () => void }) {
  return (
    <Group className={classes.toolbar} justify="space-between">
      <Text size="sm" c={invalid ? 'red.8' : 'dimmed'} role={invalid ? 'alert' : undefined}>
        {invalid && <FormattedMessage id="configuration.schedules.fixErrors" />}
      </Text>
      <Button onClick={onSave} loading={pending} disabled={invalid}>
        <FormattedMessage id="common.save" />
      </Button>
    </Group>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={<FormattedMessage id="configuration.schedules.loadFailed" />}>
      <Button variant="light" color="red" size="compact-sm" onClick={onRetry}>
        <FormattedMessage id="common.retry" />
      </Button>
    </Alert>
  );
}

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
