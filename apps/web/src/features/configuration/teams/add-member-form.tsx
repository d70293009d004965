import { teamMemberParamsSchema, type TeamConfig, type UserDirectoryEntry } from '@accueil/domain';
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { putTeamMember } from './api';
import { useRefreshTeamsUsers } from './use-teams-users';

/** The add-member form's rule: the chosen colleague is a user id (the request's own path parameter). */
const addMemberSchema = teamMemberParamsSchema.pick({ userId: true });

/**
 * Adds a colleague to `team` as a plain member: a searchable choice among the active users not
 * in it yet, and its button (disabled until someone is chosen, or while `busy`). A refusal
 * about the colleague shows under the choice, any other above it.
 */
export function AddMemberForm({
  team,
  directory,
  busy,
}: {
  team: TeamConfig;
  directory: UserDirectoryEntry[];
  busy: boolean;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const refresh = useRefreshTeamsUsers();
  const form = useZodForm(addMemberSchema, { defaultValues: { userId: '' } });
  const chosen = useWatch({ control: form.control, name: 'userId' });
  const candidates = directory
    .filter((u) => !u.disabled && !team.members.some((m) => m.userId === u.id))
    .map((u) => ({ value: u.id, label: u.displayName }));
  const submit = form.handleSubmit(async ({ userId }) => {
    try {
      await putTeamMember(team.id, userId, false);
      form.reset({ userId: '' });
      notifySuccess(intl.formatMessage({ id: 'teamsUsers.members.added' }));
      await refresh();
    } catch (error) {
      applyServerError(form.setError, error, { fields: ['userId'] });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <Controller
            control={form.control}
            name="userId"
            render={({ field }) => (
              <Select
                label={intl.formatMessage({ id: 'teamsUsers.members.add' })}
                placeholder={intl.formatMessage({ id: 'teamsUsers.members.choose' })}
                searchable
                data={candidates}
                ref={field.ref}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={errorText(form.formState.errors.userId?.message)}
                style={{ flex: 1 }}
                nothingFoundMessage={intl.formatMessage({ id: 'teamsUsers.members.nobody' })}
              />
            )}
          />
          <Button
            type="submit"
            leftSection={<IconUserPlus size={16} />}
            disabled={!chosen || busy}
            loading={form.formState.isSubmitting}
          >
            <FormattedMessage id="teamsUsers.members.addButton" />
          </Button>
        </Group>
        <FormError errors={form.formState.errors} />
      </Stack>
    </form>
  );
}
