import type { UserAccount } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { disableUser, enableUser, forceDisconnect, listUsers, sendInvitation } from '../users/api';
import { listDirectory, listTeams } from './api';
import { configurationKeys } from './keys';

export { configurationKeys };

/** Every team of the organisation (GET /api/teams), shared by the Teams, Users, Phones and Automations tabs. */
export function useTeams() {
  return useQuery({ queryKey: configurationKeys.teams(), queryFn: ({ signal }) => listTeams(signal) });
}

/** The organisation's users as colleagues see them (GET /api/users/directory). */
export function useDirectory() {
  return useQuery({
    queryKey: configurationKeys.directory(),
    queryFn: ({ signal }) => listDirectory(signal),
  });
}

/** The organisation's accounts (GET /api/users, administrators). */
export function useUsers() {
  return useQuery({ queryKey: configurationKeys.users(), queryFn: ({ signal }) => listUsers(signal) });
}

/**
 * Refetches teams, users and directory together: a change to one (a membership, a user's
 * teams, a disabled account) shows in the others. Resolves when the lists are fresh again.
 */
export function useRefreshTeamsUsers(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: configurationKeys.all }), [client]);
}

/** An administrator's action on an account from the Users list. */
export type UserAction = 'invite' | 'force' | 'disable' | 'enable';

const RUN: Record<UserAction, (id: string) => Promise<unknown>> = {
  invite: sendInvitation,
  force: forceDisconnect,
  disable: disableUser,
  enable: enableUser,
};

/**
 * Runs a {@link UserAction} on an account: on success, the text `doneId` (filled with the
 * user's name and e-mail) and the lists refetched; a refusal is shown as a toast.
 */
export function useUserAction() {
  const intl = useIntl();
  const refresh = useRefreshTeamsUsers();
  return useMutation({
    mutationFn: ({ user, kind }: { user: UserAccount; kind: UserAction; doneId: string }) =>
      RUN[kind](user.id),
    onSuccess: async (_answer, { user, doneId }) => {
      notifySuccess(intl.formatMessage({ id: doneId }, { name: user.displayName, email: user.email }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
}
