import { agendaEndpoints, type AvailabilityCategoryInput, type ProfessionalInput } from '@accueil/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/endpoint-client';

const agenda = agendaEndpoints;

/**
 * Query keys of the agenda's data: everything under `['agenda']`, so a change refreshes the
 * professionals, categories and appointments screens at once.
 */
export const agendaKeys = {
  all: ['agenda'] as const,
  settings: () => ['agenda', 'settings'] as const,
  professionals: () => ['agenda', 'professionals'] as const,
  categories: (professionalId?: string) => ['agenda', 'categories', professionalId ?? 'all'] as const,
  appointments: (from: string, to: string) => ['agenda', 'appointments', from, to] as const,
  free: (professionalId: string, categoryId: string, date: string, duration: number, exclude?: string) =>
    ['agenda', 'free', professionalId, categoryId, date, duration, exclude ?? ''] as const,
};

/** The organisation's time zone and opening hours (GET /api/agenda/settings). */
export function useAgendaSettings() {
  return useQuery({
    queryKey: agendaKeys.settings(),
    queryFn: ({ signal }) => api.call(agenda.settings, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The organisation's professionals (GET /api/professionals). */
export function useProfessionals() {
  return useQuery({
    queryKey: agendaKeys.professionals(),
    queryFn: ({ signal }) => api.call(agenda.listProfessionals, { signal }).then((r) => r.items),
  });
}

/** Availability categories, of one professional or all (GET /api/availability-categories). */
export function useCategories(professionalId?: string) {
  return useQuery({
    queryKey: agendaKeys.categories(professionalId),
    queryFn: ({ signal }) =>
      api.call(agenda.listCategories, { query: { professionalId }, signal }).then((r) => r.items),
  });
}

/** Adds (no `id`) or replaces a professional. */
export function saveProfessional(id: string | null, body: ProfessionalInput) {
  return id
    ? api.call(agenda.updateProfessional, { params: { id }, body })
    : api.call(agenda.createProfessional, { body });
}

/** Removes a professional (refused while they have appointments). */
export function deleteProfessional(id: string) {
  return api.call(agenda.deleteProfessional, { params: { id } });
}

/** Adds a category to `professionalId` (no `id`) or replaces category `id`. */
export function saveCategory(
  target: { id: string } | { professionalId: string },
  body: AvailabilityCategoryInput,
) {
  return 'id' in target
    ? api.call(agenda.updateCategory, { params: { id: target.id }, body })
    : api.call(agenda.createCategory, { params: { id: target.professionalId }, body });
}

/** Removes an availability category. */
export function deleteCategory(id: string) {
  return api.call(agenda.deleteCategory, { params: { id } });
}
