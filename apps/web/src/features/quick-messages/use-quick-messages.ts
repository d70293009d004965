import type {
  ContentLocale,
  CreateTextBlockRequest,
  TextBlock,
  UpdateTextBlockRequest,
} from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import {
  createTextBlock,
  deleteTextBlock,
  getTextBlock,
  listSmsTemplates,
  listTextBlocks,
  updateTextBlock,
} from './api';

/** Query keys of the quick messages: everything under `['text-blocks']`. */
export const textBlockKeys = {
  all: ['text-blocks'] as const,
  list: (locale: ContentLocale | 'all') => ['text-blocks', 'list', locale] as const,
  one: (id: string) => ['text-blocks', 'one', id] as const,
};

/** The signed-in user's organisation id (the quick messages' path names it). */
export function useOrganizationId(): string {
  return useSession().context?.organization.id ?? '';
}

/** The organisation's quick messages of one locale, pinned first then by title. */
export function useTextBlocks(locale: ContentLocale, enabled = true) {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: textBlockKeys.list(locale),
    queryFn: ({ signal }) => listTextBlocks(organizationId, locale, signal),
    enabled: enabled && organizationId !== '',
  });
}

/** One quick message (the editor), when `id` is given. */
export function useTextBlock(id: string | undefined) {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: textBlockKeys.one(id ?? ''),
    queryFn: ({ signal }) => getTextBlock(organizationId, id!, signal),
    enabled: Boolean(id) && organizationId !== '',
  });
}

/** Query keys of the communication templates shipped with the product. */
export const communicationTemplateKeys = {
  sms: (locale: ContentLocale) => ['communication-templates', 'sms', locale] as const,
};

/**
 * The SMS templates shipped with the product for the organisation's sector, in one locale (the
 * editor starts a quick message from one). They change only with the product: read once.
 */
export function useCommunicationTemplates(locale: ContentLocale, enabled = true) {
  return useQuery({
    queryKey: communicationTemplateKeys.sms(locale),
    queryFn: ({ signal }) => listSmsTemplates(locale, signal),
    enabled,
    staleTime: Infinity,
  });
}

/** A quick message as the editor saves it: a new one (with its locale) or changes to `id`. */
export type TextBlockSave =
  | { id: null; fields: Omit<CreateTextBlockRequest, 'locale'>; locale: ContentLocale }
  | { id: string; fields: UpdateTextBlockRequest };

/**
 * The quick messages' changes: save (create or update; announced), pin or unpin, delete
 * (announced). Each refetches every list and editor under `textBlockKeys.all`; a refusal is a toast.
 */
export function useTextBlockMutations() {
  const intl = useIntl();
  const organizationId = useOrganizationId();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: textBlockKeys.all });
  const save = useMutation({
    mutationFn: (input: TextBlockSave) =>
      input.id === null
        ? createTextBlock(organizationId, { ...input.fields, locale: input.locale })
        : updateTextBlock(organizationId, input.id, input.fields),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'quickMessages.saved' }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  const pin = useMutation({
    mutationFn: (b: TextBlock) => updateTextBlock(organizationId, b.id, { pinned: !b.pinned }),
    onSuccess: refresh,
    onError: (error) => notifyError(error),
  });
  const remove = useMutation({
    mutationFn: (b: TextBlock) => deleteTextBlock(organizationId, b.id),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'quickMessages.deleted' }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  return { save, pin, remove };
}
