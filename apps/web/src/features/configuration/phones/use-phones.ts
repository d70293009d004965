import type {
  OrganizationSettings,
  SipUserRequest,
  TransferExtensionRequest,
  UpdateOrganizationRequest,
  UpdatePhoneSettingsRequest,
} from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { organizationKeys, saveOrganizationSettings } from '../organization/api';
import {
  createSipUser,
  createTransferExtension,
  deleteSipUser,
  deleteTransferExtension,
  fetchGreetings,
  fetchPhoneSettings,
  fetchSipUsers,
  fetchTransferExtensions,
  phonesKeys,
  savePhoneSettings,
  updateTransferExtension,
} from './api';

export { phonesKeys };

/** The organisation's phone settings (GET /api/phone-settings). */
export function usePhoneSettings() {
  return useQuery({ queryKey: phonesKeys.settings, queryFn: ({ signal }) => fetchPhoneSettings(signal) });
}

/**
 * Saves the phone settings: the answer replaces the cached settings and is announced with
 * `savedId`. A refusal is a toast; `onError` also gets it (the form shows its field issues).
 */
export function useSavePhoneSettings(savedId: string) {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePhoneSettingsRequest) => savePhoneSettings(body),
    onSuccess: (saved) => {
      client.setQueryData(phonesKeys.settings, saved);
      notifySuccess(intl.formatMessage({ id: savedId }));
    },
    onError: (error) => notifyError(error),
  });
}

/** The numbers the call panel can transfer to. */
export function useTransferExtensions() {
  return useQuery({
    queryKey: phonesKeys.transferExtensions,
    queryFn: ({ signal }) => fetchTransferExtensions(signal),
  });
}

/**
 * Adding or changing (`id`) a transfer extension, and removing one: each is announced and
 * refetches the list; a refusal is a toast (and the caller's `onError`, for its field issues).
 */
export function useTransferExtensionMutations() {
  const intl = useIntl();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: phonesKeys.transferExtensions });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TransferExtensionRequest }) =>
      id ? updateTransferExtension(id, body) : createTransferExtension(body),
    onSuccess: async (_saved, { id }) => {
      notifySuccess(intl.formatMessage({ id: id ? 'phones.transfers.updated' : 'phones.transfers.added' }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteTransferExtension(id),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'phones.transfers.removed' }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  return { save, remove };
}

/** The SIP users of the organisation's SIP domain. */
export function useSipUsers() {
  return useQuery({ queryKey: phonesKeys.sipUsers, queryFn: ({ signal }) => fetchSipUsers(signal) });
}

/** Adding and removing a SIP user: announced, the list refetched; a refusal is a toast (and the caller's `onError`). */
export function useSipUserMutations() {
  const intl = useIntl();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: phonesKeys.sipUsers });
  const add = useMutation({
    mutationFn: (body: SipUserRequest) => createSipUser(body),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'phones.sip.added' }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSipUser(id),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'phones.sip.removed' }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  return { add, remove };
}

/** What the Calls section saves: the organisation's call options (when changed) and the phone settings. */
export interface CallSettingsChange {
  /** The organisation's web-call and queue options, or null when unchanged. */
  options: UpdateOrganizationRequest['options'] | null;
  phone: UpdatePhoneSettingsRequest;
}

/**
 * Saves the Calls section: the organisation's options first (when changed), then the phone
 * settings; both answers replace their cached copies (phones and organisation tabs) and the save
 * is announced. A refusal is a toast; the caller's `onError` reads its field issues.
 */
export function useSaveCallSettings(organization: OrganizationSettings) {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: CallSettingsChange) => {
      const saved = change.options
        ? await saveOrganizationSettings({ options: change.options })
        : organization;
      return { organization: saved, phone: await savePhoneSettings(change.phone) };
    },
    onSuccess: (saved) => {
      client.setQueryData(phonesKeys.settings, saved.phone);
      client.setQueryData(organizationKeys.settings(saved.organization.id), saved.organization);
      notifySuccess(intl.formatMessage({ id: 'phones.calls.saved' }));
    },
    onError: (error) => notifyError(error),
  });
}

/** The voicemail greetings of the organisation and its teams (GET /api/phone-settings/greetings). */
export function useGreetings() {
  return useQuery({ queryKey: phonesKeys.greetings, queryFn: ({ signal }) => fetchGreetings(signal) });
}
