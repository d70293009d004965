import type { ContactDetails, ContactInput } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifySuccess } from '../../lib/notify';
import { createContact, fetchAppointments, fetchContact, fetchSurveys, updateContact } from './api';
import { contactKeys } from './keys';

/** One contact's record (`GET /api/contacts/:id`); nothing is read while `id` is null. */
export function useContact(id: string | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchContact(id!, signal),
    enabled: id !== null,
  });
}

/** A contact's surveys (`GET /api/patients/:id/surveys`). */
export function useContactSurveys(id: string) {
  return useQuery({ queryKey: contactKeys.surveys(id), queryFn: ({ signal }) => fetchSurveys(id, signal) });
}

/** A contact's appointments (`GET /api/patients/:id/appointments`). */
export function useContactAppointments(id: string) {
  return useQuery({
    queryKey: contactKeys.appointments(id),
    queryFn: ({ signal }) => fetchAppointments(id, signal),
  });
}

/**
 * Creates (`contact` null) or updates a contact; once saved, every contacts query is refetched and
 * a toast names it. `mutateAsync(input)` resolves with the saved contact, or rejects with the
 * server's refusal for the form to show.
 */
export function useSaveContact(contact: ContactDetails | null) {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInput) => (contact ? updateContact(contact.id, input) : createContact(input)),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: contactKeys.all });
      notifySuccess(
        intl.formatMessage({ id: contact ? 'contacts.saved' : 'contacts.created' }, { name: saved.fullname }),
      );
    },
  });
}

/**
 * Adds a contact linked to another (a child, a spouse): a toast names it and every contacts query
 * is refetched. `mutateAsync(input)` rejects with the server's refusal for the form to show.
 */
export function useAddLinkedContact() {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInput) => createContact(input),
    onSuccess: async (created) => {
      notifySuccess(intl.formatMessage({ id: 'contacts.linked.added' }, { name: created.fullname }));
      await client.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}
