import { TEAM_INBOXES, type TeamConfig, type UserDirectoryEntry } from '@accueil/domain';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../../lib/forms';
import { createTeam, putTeamMember, removeTeamMember, updateTeam } from './api';
import { useRefreshTeamsUsers } from './use-teams-users';
import { confirmAction } from '../../../lib/config-kit/confirm';
import { teamFormSchema, toE164 } from './team-form';

/** Props of {@link TeamDialog}: `'new'` creates a team; a team opens its settings and members. */
export interface TeamDialogProps {
  team: TeamConfig | 'new';
  directory: UserDirectoryEntry[];
  /** The organisation's administrators edit the settings and the administrator flags. */
  canManage: boolean;
  onClose: () => void;
}

/** A team's settings (label, e-mail, number, default inbox) and, for an existing team, its members. */
export function TeamDialog({ team, directory, canManage, onClose }: TeamDialogProps) {
  const intl = useIntl();
  const isNew = team === 'new';
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        isNew
          ? intl.formatMessage({ id: 'teamsUsers.teams.new' })
          : intl.formatMessage({ id: 'teamsUsers.teams.dialogTitle' }, { label: team.label })
      }
    >
      <Stack gap="lg">
        {(isNew || canManage) && (
          <TeamSettingsForm team={team} directory={directory} onDone={isNew ? onClose : undefined} />
        )}
        {!isNew && (
          <>
            {canManage && <Divider />}
            <TeamMembers team={team} directory={directory} canManage={canManage} />
          </>
        )}
      </Stack>
    </Modal>
  );
}

function TeamSettingsForm({
  team,
  directory,
  onDone,
}: {
  team: TeamConfig | 'new';
  directory: UserDirectoryEntry[];
  onDone?: () => void;
}) {
  const intl = useIntl();
  const refresh = useRefreshTeamsUsers();
  const errorText = useErrorText();
  const isNew = team === 'new';
  const form = useZodForm(teamFormSchema, {
    defaultValues: {
      label: isNew ? '' : team.label,
      email: isNew ? '' : (team.email ?? ''),
      phoneNumber: isNew ? '' : (team.phoneNumber ?? ''),
      defaultInbox: isNew ? 'sms' : team.defaultInbox,
      memberIds: [],
      administratorId: null,
    },
  });
  const memberIds = useWatch({ control: form.control, name: 'memberIds' });
  const people = directory.filter((u) => !u.disabled).map((u) => ({ value: u.id, label: u.displayName }));
  const t = (id?: string) => (id ? intl.formatMessage({ id }) : undefined);

  const submit = form.handleSubmit(async (v) => {
    const common = {
      label: v.label.trim(),
      email: v.email || null,
      phoneNumber: toE164(v.phoneNumber),
      defaultInbox: v.defaultInbox,
    };
    try {
      if (isNew) {
        if (v.memberIds.length === 0) {
          form.setError('memberIds', { message: 'teamsUsers.form.administratorRequired' });
          return;
        }
        await createTeam({
          ...common,
          members: v.memberIds.map((userId) => ({ userId, administrator: userId === v.administratorId })),
        });
        notifySuccess(intl.formatMessage({ id: 'teamsUsers.teams.created' }));
      } else {
        await updateTeam(team.id, common);
        notifySuccess(intl.formatMessage({ id: 'teamsUsers.saved' }));
      }
      await refresh();
      onDone?.();
    } catch (error) {
      applyServerError(form.setError, error, {
        codes: { 'team-label-taken': 'label', 'sip-line-taken': 'phoneNumber' },
        fields: ['label', 'email', 'phoneNumber', 'defaultInbox'],
      });
    }
  });

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
                  value={field.value}
                  onChange={field.onChange}
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
                  value={field.value}
                  onChange={field.onChange}
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

function TeamMembers({
  team,
  directory,
  canManage,
}: {
  team: TeamConfig;
  directory: UserDirectoryEntry[];
  canManage: boolean;
}) {
  const intl = useIntl();
  const refresh = useRefreshTeamsUsers();
  const [adding, setAdding] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const candidates = directory
    .filter((u) => !u.disabled && !team.members.some((m) => m.userId === u.id))
    .map((u) => ({ value: u.id, label: u.displayName }));

  async function run(action: () => Promise<unknown>, successId: string) {
    setBusy(true);
    try {
      await action();
      notifySuccess(intl.formatMessage({ id: successId }));
      await refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove(userId: string, name: string) {
    const ok = await confirmAction({
      titleId: 'teamsUsers.members.removeTitle',
      bodyId: 'teamsUsers.members.removeBody',
      confirmId: 'teamsUsers.members.remove',
      values: { name, team: team.label },
      danger: true,
    });
    if (ok) await run(() => removeTeamMember(team.id, userId), 'teamsUsers.members.removed');
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        <FormattedMessage id="teamsUsers.teams.members" />
      </Title>
      <Table verticalSpacing={6} aria-label={intl.formatMessage({ id: 'teamsUsers.teams.members' })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="teamsUsers.members.name" />
            </Table.Th>
            <Table.Th w={170}>
              <FormattedMessage id="teamsUsers.members.administrator" />
            </Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {team.members.map((m) => (
            <Table.Tr key={m.userId}>
              <Table.Td>
                <Text size="sm">{m.displayName}</Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  checked={m.administrator}
                  disabled={!canManage || busy}
                  onChange={(e) =>
                    void run(
                      () => putTeamMember(team.id, m.userId, e.currentTarget.checked),
                      'teamsUsers.saved',
                    )
                  }
                  aria-label={intl.formatMessage(
                    { id: 'teamsUsers.members.administratorOf' },
                    { name: m.displayName },
                  )}
                />
              </Table.Td>
              <Table.Td>
                <Tooltip
                  label={intl.formatMessage(
                    { id: 'teamsUsers.members.removeNamed' },
                    { name: m.displayName },
                  )}
                >
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    onClick={() => void remove(m.userId, m.displayName)}
                    aria-label={intl.formatMessage(
                      { id: 'teamsUsers.members.removeNamed' },
                      { name: m.displayName },
                    )}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-end" gap="sm">
        <Select
          label={intl.formatMessage({ id: 'teamsUsers.members.add' })}
          placeholder={intl.formatMessage({ id: 'teamsUsers.members.choose' })}
          searchable
          data={candidates}
          value={adding}
          onChange={setAdding}
          style={{ flex: 1 }}
          nothingFoundMessage={intl.formatMessage({ id: 'teamsUsers.members.nobody' })}
        />
        <Button
          leftSection={<IconUserPlus size={16} />}
          disabled={!adding || busy}
          onClick={() => {
            const userId = adding;
            if (!userId) return;
            setAdding(null);
            void run(() => putTeamMember(team.id, userId, false), 'teamsUsers.members.added');
          }}
        >
          <FormattedMessage id="teamsUsers.members.addButton" />
        </Button>
      </Group>
    </Stack>
  );
}
