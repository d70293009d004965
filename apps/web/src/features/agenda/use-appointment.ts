import type { Appointment, AppointmentInput } from '@accueil/domain';
import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRefreshAgenda } from '../professionals/use-professionals';
import { cancelAppointment, saveAppointment } from './api';

/**
 * Books (`appointment` null) or edits and moves `appointment`; on success a toast and every
 * agenda query refetched (the free times change with it). `mutateAsync(input)` rejects with the
 * server's refusal, which the form shows.
 */
export function useSaveAppointment(appointment: Appointment | null) {
  const intl = useIntl();
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: (input: AppointmentInput) => saveAppointment(appointment?.id ?? null, input),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: `agenda.form.${appointment ? 'updated' : 'created'}` }));
      await refresh();
    },
  });
}

/** Cancels `appointment` (a toast either way) and refetches the agenda; `onDone` runs once it is cancelled. */
export function useCancelAppointment(appointment: Appointment | null, onDone: () => void) {
  const intl = useIntl();
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: () => cancelAppointment(appointment!.id),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'agenda.form.cancelled' }));
      await refresh();
      onDone();
    },
    onError: (error) => notifyError(error),
  });
}
