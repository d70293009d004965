import { assignableRoles, type TeamConfig, type UserAccount } from '@accueil/domain';
import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { putTeamMember, removeTeamMember } from '../teams/api';
import { useRefreshTeamsUsers } from '../teams/use-teams-users';
import { confirmAction } from '../../../lib/config-kit/confirm';
import { createUser, sendInvitation, updateUser } from './api';
import { UserAccessFields } from './user-access-fields';
import { UserSignatureFields } from './user-signature-fields';
import { userFormDefaults, userFormSchema } from './user-form';

/** Props of {@link UserDialog}: `account` null creates a user (with a password, or invited by e-mail). */
export interface UserDialogProps {
  account: UserAccount | null;
  teams: TeamConfig[];
  onClose: () => void;
}

/**
 * A user's account: names, username, e-mail (changing it warns that attachments sent from the
 * old address become inaccessible), for a new user a password now or an invitation by e-mail
 * (the account is created, then the invitation mailed; when the mail fails the user exists and
 * the menu's "Send the invitation" tries again), role (no higher than the
 * administrator's own), teams and default team, language, profession, languages spoken,
 * phone line, signature (choosing a template replaces the text after a confirmation).
 */
export function UserDialog({ account, teams, onClose }: UserDialogProps) {
  const intl = useIntl();
  const refresh = useRefreshTeamsUsers();
  const { context } = useSession();
  const isNew = account === null;
  const form = useZodForm(userFormSchema(isNew), { defaultValues: userFormDefaults(account) });
  const [email, access] = useWatch({ control: form.control, name: ['email', 'access'] });
  const emailChanged = !isNew && email.trim().toLowerCase() !== account.email.toLowerCase();
  const myRole = context?.user.role ?? 'user';
  const roles = assignableRoles(myRole);
  const roleLocked = !isNew && !roles.includes(account.role);
  const t = (id?: string) => (id ? intl.formatMessage({ id }) : undefined);
  const errorText = useErrorText();
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (v) => {
    if (emailChanged) {
      const ok = await confirmAction({
        titleId: 'teamsUsers.users.emailChangeTitle',
        bodyId: 'teamsUsers.users.emailChangeWarning',
        confirmId: 'teamsUsers.save',
      });
      if (!ok) return;
    }
    const fields = {
      username: v.username.trim(),
      email: v.email.trim(),
      displayName: v.displayName.trim(),
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      locale: v.locale,
      profession: v.profession.trim(),
      languages: v.languages,
      defaultTeamId: v.defaultTeamId,
      signature: {
        mode: v.signatureMode,
        content: v.signatureMode === 'personalized-signature' ? v.signature : '',
      },
      phoneLine: v.phoneLine || null,
    };
    try {
      if (isNew && v.access === 'invite') {
        const created = await createUser({
          mode: 'invite',
          role: v.role,
          teams: v.teamIds.map((teamId) => ({ teamId, administrator: false })),
          ...fields,
        });
        await refresh();
        try {
          await sendInvitation(created.id);
          notifySuccess(
            intl.formatMessage(
              { id: 'teamsUsers.users.invited' },
              { name: fields.displayName, email: fields.email },
            ),
          );
        } catch (error) {
          // The account exists: closing lets the administrator send the invitation again from the menu.
          notifyError(error);
          notifySuccess(
            intl.formatMessage({ id: 'teamsUsers.users.createdNotInvited' }, { name: fields.displayName }),
          );
        }
      } else if (isNew) {
        await createUser({
          mode: 'create',
          password: v.password,
          role: v.role,
          teams: v.teamIds.map((teamId) => ({ teamId, administrator: false })),
          ...fields,
        });
        notifySuccess(intl.formatMessage({ id: 'teamsUsers.users.created' }, { name: fields.displayName }));
      } else {
        const before = account.teams.map((x) => x.teamId);
        // Join first (the default team must be one of theirs), save, then leave.
        for (const id of v.teamIds.filter((x) => !before.includes(x)))
          await putTeamMember(id, account.id, false);
        await updateUser(account.id, { ...fields, ...(roleLocked ? {} : { role: v.role }) });
        for (const id of before.filter((x) => !v.teamIds.includes(x))) await removeTeamMember(id, account.id);
        notifySuccess(intl.formatMessage({ id: 'teamsUsers.saved' }));
      }
      await refresh();
      onClose();
    } catch (error) {
      await refresh();
      applyServerError(form.setError, error, {
        codes: { 'username-taken': 'username', 'email-taken': 'email', 'sip-line-taken': 'phoneLine' },
        fields: ['firstName', 'lastName', 'displayName', 'username', 'email', 'profession', 'password'],
      });
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        isNew
          ? t('teamsUsers.users.new')
          : intl.formatMessage({ id: 'teamsUsers.users.dialogTitle' }, { name: account.displayName })
      }
    >
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={isNew ? t('teamsUsers.users.new') : t('teamsUsers.users.edit')}
      >
        <Stack gap="lg">
          <Stack gap="sm">
            <Title order={3} size="h5">
              <FormattedMessage id="teamsUsers.users.identity" />
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label={t('teamsUsers.users.firstName')}
                required
                {...form.register('firstName')}
                error={errorText(errors.firstName?.message)}
                data-autofocus
              />
              <TextInput
                label={t('teamsUsers.users.lastName')}
                required
                {...form.register('lastName')}
                error={errorText(errors.lastName?.message)}
              />
              <TextInput
                label={t('teamsUsers.users.displayName')}
                required
                {...form.register('displayName')}
                error={errorText(errors.displayName?.message)}
              />
              <TextInput
                label={t('teamsUsers.users.username')}
                required
                autoComplete="off"
                {...form.register('username')}
                error={errorText(errors.username?.message)}
              />
              <TextInput
                label={t('teamsUsers.users.email')}
                type="email"
                required
                {...form.register('email')}
                error={errorText(errors.email?.message)}
              />
              <TextInput
                label={t('teamsUsers.users.profession')}
                {...form.register('profession')}
                error={errorText(errors.profession?.message)}
              />
            </SimpleGrid>
            {emailChanged && (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="status">
                <FormattedMessage id="teamsUsers.users.emailChangeWarning" />
              </Alert>
            )}
            {isNew && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="user-access-label">
                  <FormattedMessage id="teamsUsers.users.accessMode" />
                </Text>
                <Controller
                  control={form.control}
                  name="access"
                  render={({ field }) => (
                    <SegmentedControl
                      aria-labelledby="user-access-label"
                      data-testid="user-access"
                      value={field.value}
                      onChange={(value) => field.onChange(value)}
                      data={[
                        {
                          value: 'password',
                          label: intl.formatMessage({ id: 'teamsUsers.users.accessPassword' }),
                        },
                        {
                          value: 'invite',
                          label: intl.formatMessage({ id: 'teamsUsers.users.accessInvite' }),
                        },
                      ]}
                    />
                  )}
                />
              </Stack>
            )}
            {isNew && access === 'invite' && (
              <Text size="sm" c="dimmed" data-testid="user-invite-help">
                <FormattedMessage id="teamsUsers.users.inviteHelp" />
              </Text>
            )}
            {isNew && access === 'password' && (
              <SimpleGrid cols={2} spacing="sm">
                <PasswordInput
                  label={t('teamsUsers.users.password')}
                  required
                  autoComplete="new-password"
                  {...form.register('password')}
                  error={errorText(errors.password?.message)}
                />
                <PasswordInput
                  label={t('teamsUsers.users.confirmPassword')}
                  required
                  autoComplete="new-password"
                  {...form.register('confirmPassword')}
                  error={errorText(errors.confirmPassword?.message)}
                />
              </SimpleGrid>
            )}
          </Stack>

          <UserAccessFields
            form={form}
            account={account}
            teams={teams}
            roles={roles}
            roleLocked={roleLocked}
          />

          <UserSignatureFields form={form} />

          <FormError errors={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              <FormattedMessage
                id={
                  isNew
                    ? access === 'invite'
                      ? 'teamsUsers.users.createAndInvite'
                      : 'teamsUsers.users.create'
                    : 'teamsUsers.save'
                }
              />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
