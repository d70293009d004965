import type { MachineList, MachineMode } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { organizationKeys } from '../organization/api';
import {
  createPasskey,
  deletePasskey,
  fetchMachines,
  fetchPasskeys,
  renameMachine,
  revokeMachine,
  saveMachineMode,
} from './api';
import { securityKeys } from './keys';

export { securityKeys };

/** The signed-in user's passkeys. */
export function usePasskeys() {
  return useQuery({ queryKey: securityKeys.passkeys, queryFn: ({ signal }) => fetchPasskeys(signal) });
}

/**
 * Adding (the browser's prompt, then the server) and deleting a passkey; each success is
 * announced and refetches the list. Closing the browser's prompt is no failure to report.
 */
export function usePasskeyMutations() {
  const intl = useIntl();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: securityKeys.passkeys });
  const add = useMutation({
    mutationFn: createPasskey,
    onSuccess: () => {
      notifySuccess(intl.formatMessage({ id: 'security.passkeys.created' }));
      void refresh();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) && (error as { name?: string }).name === 'NotAllowedError') return;
      notifyError(error, 'security.passkeys.createFailed');
    },
  });
  const remove = useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => {
      notifySuccess(intl.formatMessage({ id: 'security.passkeys.deleted' }));
      void refresh();
    },
    onError: (error) => notifyError(error),
  });
  return { add, remove };
}

/** The machine mode and allowlist (administrators). */
export function useMachines() {
  return useQuery({ queryKey: securityKeys.machines, queryFn: ({ signal }) => fetchMachines(signal) });
}

/**
 * The allowlist's changes: the mode (its answer replaces the cached list, and the Organisation
 * tab's "office only" option, which is this mode, is refetched), a machine's name, its removal.
 */
export function useMachineMutations() {
  const intl = useIntl();
  const client = useQueryClient();
  const saved = () => notifySuccess(intl.formatMessage({ id: 'security.saved' }));
  const refresh = () => client.invalidateQueries({ queryKey: securityKeys.machines });
  const mode = useMutation({
    mutationFn: (value: MachineMode) => saveMachineMode(value),
    onSuccess: (list: MachineList) => {
      client.setQueryData(securityKeys.machines, list);
      void client.invalidateQueries({ queryKey: organizationKeys.all });
      saved();
    },
    onError: (error) => notifyError(error),
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameMachine(id, name),
    onSuccess: () => {
      saved();
      void refresh();
    },
    onError: (error) => notifyError(error),
  });
  const revoke = useMutation({
    mutationFn: revokeMachine,
    onSuccess: () => {
      notifySuccess(intl.formatMessage({ id: 'security.machines.revoked' }));
      void refresh();
    },
    onError: (error) => notifyError(error),
  });
  return { mode, rename, revoke };
}
