import type { ContactDetails } from '@accueil/domain';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { deleteContact, fetchContactPage } from './api';
import { contactKeys } from './keys';

export { contactKeys };

/** One page of contacts (`limit` rows after `cursor`), the previous page kept on screen while the next loads. */
export function useContactPage(search: string, limit: number, cursor: string | null, enabled: boolean) {
  return useQuery({
    queryKey: contactKeys.page(search, limit, cursor),
    queryFn: ({ signal }) => fetchContactPage(search, limit, cursor, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Every contact of a search, read page by page (`pageRows` each) as the All list scrolls. */
export function useAllContacts(search: string, pageRows: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: contactKeys.infinite(search),
    queryFn: ({ pageParam, signal }) => fetchContactPage(search, pageRows, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    // Each page read by All would otherwise be compared field by field with every page before
    // it (structural sharing): at 100,000 contacts, a long task per page.
    structuralSharing: false,
  });
}

/** Deletes a contact (announced by name) and refetches every contacts list; a refusal is a toast. */
export function useDeleteContact() {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: ContactDetails) => deleteContact(c.id),
    onSuccess: async (_answer, c) => {
      notifySuccess(intl.formatMessage({ id: 'contacts.deleted' }, { name: c.fullname }));
      await client.invalidateQueries({ queryKey: contactKeys.all });
    },
    onError: (error) => notifyError(error),
  });
}
