import { resolveTeamSchedule, type Schedule, type TeamSchedule } from '@accueil/domain';
import { Alert, Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { PeriodNow } from './period-now';
import { ScheduleEditor } from './schedule-editor';
import classes from './schedules.module.css';
import { useOrganizationScheduleForm, useTeamScheduleForm } from './use-schedule-form';
import { useOrganizationSchedule, useTeamSchedule } from './use-schedules';

/** The organisation's schedule, loaded then edited in place. */
export function OrganizationScheduleForm({
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
export function TeamScheduleForm({
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
  const form = useTeamScheduleForm(team);
  return (
    <form onSubmit={(e) => void form.save(e)} noValidate>
      <Stack gap="md">
        <Switch
          label={intl.formatMessage({ id: 'configuration.schedules.followOrganization' })}
          description={intl.formatMessage({ id: 'configuration.schedules.followOrganizationHelp' })}
          checked={form.follows}
          disabled={!canEdit}
          onChange={(e) => form.setFollows(e.currentTarget.checked)}
        />
        <PeriodNow
          schedule={resolveTeamSchedule(organization, form.follows ? null : form.value)}
          timeZone={team.timeZone}
        />
        {form.follows ? (
          <ScheduleEditor
            value={organization}
            onChange={() => undefined}
            disabled
            idPrefix={`team-${team.teamId}`}
          />
        ) : (
          <ScheduleEditor
            value={form.value}
            onChange={form.onChange}
            issues={form.issues}
            disabled={!canEdit}
            idPrefix={`team-${team.teamId}`}
          />
        )}
        {canEdit && <SaveBar invalid={form.invalid} pending={form.pending} />}
      </Stack>
    </form>
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
  const form = useOrganizationScheduleForm(organizationId, initial);
  return (
    <form onSubmit={(e) => void form.save(e)} noValidate>
      <Stack gap="md">
        <PeriodNow schedule={form.value} timeZone={timeZone} />
        <ScheduleEditor
          value={form.value}
          onChange={form.onChange}
          issues={form.issues}
          disabled={!canEdit}
          idPrefix="organization"
        />
        {canEdit && <SaveBar invalid={form.invalid} pending={form.pending} />}
      </Stack>
    </form>
  );
}

/** The save button, disabled while the schedule has problems (said beside it). */
function SaveBar({ invalid, pending }: { invalid: boolean; pending: boolean }) {
  return (
    <Group className={classes.toolbar} justify="space-between">
      <Text size="sm" c={invalid ? 'red.8' : 'dimmed'} role={invalid ? 'alert' : undefined}>
        {invalid && <FormattedMessage id="configuration.schedules.fixErrors" />}
      </Text>
      <Button type="submit" loading={pending} disabled={invalid}>
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
