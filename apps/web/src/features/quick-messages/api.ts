import {
  communicationTemplateEndpoints,
  textBlockEndpoints,
  type ContentLocale,
  type CreateTextBlockRequest,
  type UpdateTextBlockRequest,
} from '@accueil/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/endpoint-client';
import { useSession } from '../../lib/session';

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
    queryFn: ({ signal }) =>
      api.call(textBlockEndpoints.list, { params: { id: organizationId }, query: { locale }, signal }),
    enabled: enabled && organizationId !== '',
  });
}

/** One quick message (the editor), when `id` is given. */
export function useTextBlock(id: string | undefined) {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: textBlockKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api.call(textBlockEndpoints.get, { params: { id: organizationId, blockId: id! }, signal }),
    enabled: Boolean(id) && organizationId !== '',
  });
}

/** Writes a new quick message. */
export function createTextBlock(organizationId: string, body: CreateTextBlockRequest) {
  return api.call(textBlockEndpoints.create, { params: { id: organizationId }, body });
}

/** Changes a quick message. */
export function updateTextBlock(organizationId: string, blockId: string, body: UpdateTextBlockRequest) {
  return api.call(textBlockEndpoints.update, { params: { id: organizationId, blockId }, body });
}

/** Deletes a quick message. */
export function deleteTextBlock(organizationId: string, blockId: string) {
  return api.call(textBlockEndpoints.delete, { params: { id: organizationId, blockId } });
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
    queryFn: ({ signal }) =>
      api.call(communicationTemplateEndpoints.list, { query: { type: 'sms', locale }, signal }),
    enabled,
    staleTime: Infinity,
  });
}
