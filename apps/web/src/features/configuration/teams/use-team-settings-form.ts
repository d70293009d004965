import type { TeamConfig } from '@accueil/domain';
import { useIntl } from 'react-intl';
import { applyServerError, useZodForm } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { createTeam, updateTeam } from './api';
import { teamFormSchema, toE164 } from './team-form';
import { useRefreshTeamsUsers } from './use-teams-users';

/**
 * The team settings form (`teamFormSchema`) of `team` (`'new'`: empty, SMS inbox) and its submit:
 * creates the team with its members and administrator, or saves an existing team's settings
 * (auto-assign among them: a new team starts without it, as the server's default);
 * then refreshes the lists and calls `onDone`. A refusal lands on its field (`team-label-taken`
 * → label, `sip-line-taken` → number, a validation detail → its field), else above the buttons.
 */
export function useTeamSettingsForm(team: TeamConfig | 'new', onDone?: () => void) {
  const intl = useIntl();
  const refresh = useRefreshTeamsUsers();
  const isNew = team === 'new';
  const form = useZodForm(teamFormSchema, {
    defaultValues: {
      label: isNew ? '' : team.label,
      email: isNew ? '' : (team.email ?? ''),
      phoneNumber: isNew ? '' : (team.phoneNumber ?? ''),
      defaultInbox: isNew ? 'sms' : team.defaultInbox,
      autoAssign: isNew ? false : team.autoAssign,
      memberIds: [],
      administratorId: null,
    },
  });
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
          form.setError(
            'memberIds',
            { message: 'teamsUsers.form.administratorRequired' },
            { shouldFocus: true },
          );
          return;
        }
        await createTeam({
          ...common,
          members: v.memberIds.map((userId) => ({ userId, administrator: userId === v.administratorId })),
        });
        notifySuccess(intl.formatMessage({ id: 'teamsUsers.teams.created' }));
      } else {
        await updateTeam(team.id, { ...common, autoAssign: v.autoAssign });
        notifySuccess(intl.formatMessage({ id: 'teamsUsers.saved' }));
      }
      await refresh();
      onDone?.();
    } catch (error) {
      applyServerError(form.setError, error, {
        codes: { 'team-label-taken': 'label', 'sip-line-taken': 'phoneNumber' },
        fields: ['label', 'email', 'phoneNumber', 'defaultInbox', 'autoAssign'],
      });
    }
  });
  return { form, submit };
}
