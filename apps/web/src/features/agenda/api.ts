import { agendaEndpoints, type AppointmentInput } from '@accueil/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/endpoint-client';
import { agendaKeys } from '../professionals/api';

const agenda = agendaEndpoints;

/** Appointments (not cancelled) meeting [from, to) (instants, ISO). */
export function useAppointments(from: string, to: string) {
  return useQuery({
    queryKey: agendaKeys.appointments(from, to),
    queryFn: ({ signal }) =>
      api.call(agenda.listAppointments, { query: { from, to }, signal }).then((r) => r.items),
    placeholderData: (previous) => previous,
  });
}

/** The free start times of a category on a date (organisation's wall clock), for the form's availability choice. */
export function useFreeAvailabilities(
  input: {
    professionalId: string;
    categoryId: string;
    date: string;
    durationMinutes: number;
    excludeAppointmentId?: string;
  } | null,
) {
  return useQuery({
    queryKey: input
      ? agendaKeys.free(
          input.professionalId,
          input.categoryId,
          input.date,
          input.durationMinutes,
          input.excludeAppointmentId,
        )
      : ['agenda', 'free', 'none'],
    enabled: input !== null,
    queryFn: ({ signal }) =>
      api
        .call(agenda.freeAvailabilities, {
          params: { id: input!.professionalId },
          query: {
            categoryId: input!.categoryId,
            date: input!.date,
            durationMinutes: input!.durationMinutes,
            excludeAppointmentId: input!.excludeAppointmentId,
          },
          signal,
        })
        .then((r) => r.startsAt),
  });
}

/** Books (no `id`) or edits and moves appointment `id`. */
export function saveAppointment(id: string | null, body: AppointmentInput) {
  return id
    ? api.call(agenda.updateAppointment, { params: { id }, body })
    : api.call(agenda.createAppointment, { body });
}

/** Cancels an appointment. */
export function cancelAppointment(id: string) {
  return api.call(agenda.cancelAppointment, { params: { id } });
}
