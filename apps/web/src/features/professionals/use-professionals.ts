import type {
  AvailabilityCategory,
  AvailabilityCategoryInput,
  Professional,
  ProfessionalInput,
} from '@accueil/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { agendaKeys, deleteCategory, deleteProfessional, saveCategory, saveProfessional } from './api';

/**
 * The professionals' and availability categories' changes. Each refetches everything under
 * `agendaKeys.all` once it succeeds (professionals, categories, appointments and free times
 * all depend on one another) and says so in a toast; a refused save is the caller's (its form
 * shows it), a refused delete is a toast.
 */

/** Refetches every agenda query (professionals, categories, appointments, free times). */
export function useRefreshAgenda() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: agendaKeys.all });
}

/** Adds (`professional` null) or replaces a professional; `mutateAsync(input)` rejects with the server's refusal. */
export function useSaveProfessional(professional: Professional | null) {
  const intl = useIntl();
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: (input: ProfessionalInput) => saveProfessional(professional?.id ?? null, input),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: `professionals.${professional ? 'updated' : 'created'}` }));
      await refresh();
    },
  });
}

/** Removes a professional (refused, as a toast, while they have appointments). */
export function useDeleteProfessional() {
  const intl = useIntl();
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: (p: Professional) => deleteProfessional(p.id),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'professionals.deleted' }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
}

/**
 * Adds a category to `professionalId` (`category` null) or replaces `category`; `mutateAsync(input)`
 * rejects with the server's refusal (overlapping ranges, ranges outside the opening hours).
 */
export function useSaveCategory(professionalId: string, category: AvailabilityCategory | null) {
  const intl = useIntl();
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: (input: AvailabilityCategoryInput) =>
      saveCategory(category ? { id: category.id } : { professionalId }, input),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: `availabilities.${category ? 'updated' : 'created'}` }));
      await refresh();
    },
  });
}

/** Removes an availability category (a refusal is a toast). */
export function useDeleteCategory() {
  const intl = useIntl();
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: (c: AvailabilityCategory) => deleteCategory(c.id),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'availabilities.deleted' }));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
}
