import { SUPPORTED_LOCALES, type Role, type TeamConfig, type UserAccount } from '@accueil/domain';
import { MultiSelect, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useErrorText } from '../../../lib/forms';
import { LOCALE_NAMES } from '../../../lib/i18n';
import { languageName, SPOKEN_LANGUAGES } from '../../../lib/spoken-languages';
import type { UserFormValues } from './user-form';

/** Props of {@link UserAccessFields}: the dialog's form, the roles the administrator may give, whether the account's role is above theirs (then shown, not changeable). */
export interface UserAccessFieldsProps {
  form: UseFormReturn<UserFormValues>;
  account: UserAccount | null;
  teams: TeamConfig[];
  roles: readonly Role[];
  roleLocked: boolean;
}

/** The user form's "Role, teams and phone" section: role, language, teams and default team (one of theirs), languages spoken, phone line. */
export function UserAccessFields({ form, account, teams, roles, roleLocked }: UserAccessFieldsProps) {
  const intl = useIntl();
  const t = (id?: string) => (id ? intl.formatMessage({ id }) : undefined);
  const errorText = useErrorText();
  const errors = form.formState.errors;
  const teamIds = useWatch({ control: form.control, name: 'teamIds' });
  const teamOptions = teams.map((team) => ({ value: team.id, label: team.label }));
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        <FormattedMessage id="teamsUsers.users.access" />
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('teamsUsers.users.role')}
              required
              disabled={roleLocked}
              allowDeselect={false}
              data={(roleLocked ? [account!.role] : roles).map((r) => ({
                value: r,
                label: intl.formatMessage({ id: `teamsUsers.role.${r}` }),
              }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="locale"
          render={({ field }) => (
            <Select
              label={t('teamsUsers.users.locale')}
              allowDeselect={false}
              data={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="teamIds"
          render={({ field }) => (
            <MultiSelect
              label={t('teamsUsers.users.teams')}
              data={teamOptions}
              value={field.value}
              onChange={field.onChange}
              searchable
            />
          )}
        />
        <Controller
          control={form.control}
          name="defaultTeamId"
          render={({ field }) => (
            <Select
              label={t('teamsUsers.users.defaultTeam')}
              data={teamOptions.filter((o) => teamIds.includes(o.value))}
              value={field.value}
              onChange={field.onChange}
              clearable
              error={errorText(errors.defaultTeamId?.message)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="languages"
          render={({ field }) => (
            <MultiSelect
              label={t('teamsUsers.users.languages')}
              data={SPOKEN_LANGUAGES.map((l) => ({ value: l, label: languageName(l, intl.locale) }))}
              value={field.value}
              onChange={field.onChange}
              searchable
            />
          )}
        />
        <TextInput
          label={t('teamsUsers.users.phoneLine')}
          description={t('teamsUsers.users.phoneLineHint')}
          {...form.register('phoneLine')}
          error={errorText(errors.phoneLine?.message)}
        />
      </SimpleGrid>
    </Stack>
  );
}
