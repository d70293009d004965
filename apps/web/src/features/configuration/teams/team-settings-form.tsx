import { TEAM_INBOXES, type TeamConfig, type UserDirectoryEntry } from '@accueil/domain';
import { Button, Group, MultiSelect, Select, Stack, Switch, TextInput, Title } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError, useErrorText } from '../../../lib/forms';
import { useTeamSettingsForm } from './use-team-settings-form';

/**
 * A team's settings (label, e-mail, number, default inbox; for an existing team auto-assign:
 * the first member who replies in an unassigned conversation becomes its assignee) and, for a new team, its members and
 * their administrator. Errors show under their field (`aria-invalid`, described by the error),
 * the first one focused.
 */
export function TeamSettingsForm({
  team,
  directory,
  onDone,
}: {
  team: TeamConfig | 'new';
  directory: UserDirectoryEntry[];
  onDone?: () => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const isNew = team === 'new';
  const { form, submit } = useTeamSettingsForm(team, onDone);
  const memberIds = useWatch({ control: form.control, name: 'memberIds' });
  const people = directory.filter((u) => !u.disabled).map((u) => ({ value: u.id, label: u.displayName }));
  const t = (id?: string) => (id ? intl.formatMessage({ id }) : undefined);
  const errors = form.formState.errors;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {!isNew && (
          <Title order={3} size="h5">
            <FormattedMessage id="teamsUsers.teams.settings" />
          </Title>
        )}
        <TextInput
          label={t('teamsUsers.teams.label')}
          required
          {...form.register('label')}
          error={errorText(errors.label?.message)}
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('teamsUsers.teams.email')}
            type="email"
            {...form.register('email')}
            error={errorText(errors.email?.message)}
          />
          <TextInput
            label={t('teamsUsers.teams.phone')}
            placeholder="888-888-8888"
            {...form.register('phoneNumber')}
            error={errorText(errors.phoneNumber?.message)}
          />
        </Group>
        <Controller
          control={form.control}
          name="defaultInbox"
          render={({ field }) => (
            <Select
              label={t('teamsUsers.teams.defaultInbox')}
              data={TEAM_INBOXES.map((i) => ({
                value: i,
                label: intl.formatMessage({ id: `teamsUsers.inbox.${i}` }),
              }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
            />
          )}
        />
        {!isNew && (
          <Controller
            control={form.control}
            name="autoAssign"
            render={({ field }) => (
              <Switch
                label={t('teamsUsers.teams.autoAssign')}
                description={t('teamsUsers.teams.autoAssignHint')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        )}
        {isNew && (
          <>
            <Controller
              control={form.control}
              name="memberIds"
              render={({ field }) => (
                <MultiSelect
                  label={t('teamsUsers.teams.members')}
                  required
                  searchable
                  data={people}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errorText(errors.memberIds?.message)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="administratorId"
              render={({ field }) => (
                <Select
                  label={t('teamsUsers.teams.administrator')}
                  description={t('teamsUsers.teams.administratorHint')}
                  required
                  data={people.filter((p) => memberIds.includes(p.value))}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errorText(errors.administratorId?.message)}
                />
              )}
            />
          </>
        )}
        <FormError errors={errors} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            <FormattedMessage id={isNew ? 'teamsUsers.teams.create' : 'teamsUsers.save'} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
