import type { Appointment, Professional } from '@accueil/domain';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Views, type View } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { agendaKeys, useAgendaSettings, useCategories, useProfessionals } from '../professionals/api';
import { saveAppointment, useAppointments } from './api';
import { draftOf, inputOf, type AppointmentDraft } from './appointment-draft';
import { availabilityBlocks, visibleSpan, type CalendarEvent } from './calendar-event';
import { fromWallDate, toWallDate, wallDateKey } from './wall-clock';

/** From this width a week shows every professional's column for each day; below it, one professional's week. */
const WIDE_WEEK_QUERY = '(min-width: 1700px)';
const FALLBACK_COLOUR = '#495057';
/** The professional choice meaning every column. */
export const ALL = 'all';

/** The appointment form's state: the appointment edited (null to book) and the draft it opens with. */
export type AgendaForm = { appointment: Appointment | null; draft: AppointmentDraft };

/**
 * The agenda screen's state and data: the view, its date (organisation's wall clock), whose
 * columns are shown (`ALL` or a professional's id; below `WIDE_WEEK_QUERY` a week shows the
 * first professional's until another is chosen), the appointments and availability blocks of the
 * visible span as calendar events, the open form, and `onDrop` moving an appointment (dropped on
 * another professional it opens the form instead: their categories differ).
 */
export function useAgenda() {
  const intl = useIntl();
  const settings = useAgendaSettings();
  const timeZone = settings.data?.timeZone ?? 'America/Toronto';
  const [view, setView] = useState<View>(Views.DAY);
  const [date, setDate] = useState(() => toWallDate(new Date(), timeZone));
  const [form, setForm] = useState<AgendaForm | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const { data: professionals = [] } = useProfessionals();
  const { data: categories = [] } = useCategories();
  const wide = useMediaQuery(WIDE_WEEK_QUERY, true, { getInitialValueInEffect: false });
  const shown = chosen ?? (view === Views.WEEK && !wide && professionals[0] ? professionals[0].id : ALL);
  const columns = useMemo<Professional[]>(
    () => (shown === ALL ? professionals : professionals.filter((p) => p.id === shown)),
    [professionals, shown],
  );
  const span = visibleSpan(view, date);
  const from = fromWallDate(span.start, timeZone).toISOString();
  const to = fromWallDate(span.end, timeZone).toISOString();
  const { data: appointments = [] } = useAppointments(from, to);
  const queryClient = useQueryClient();

  const categoryById = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);
  const events = useMemo<CalendarEvent[]>(
    () =>
      appointments
        .filter((a) => shown === ALL || a.professionalId === shown)
        .map((a) => ({
          id: a.id,
          title: [`${a.firstName} ${a.lastName}`, a.service].filter(Boolean).join(' · '),
          start: toWallDate(a.startsAt, timeZone),
          end: toWallDate(a.endsAt, timeZone),
          resourceId: a.professionalId,
          colour: (a.categoryId && categoryById.get(a.categoryId)?.colour) || FALLBACK_COLOUR,
          appointment: a,
        })),
    [appointments, categoryById, timeZone, shown],
  );
  const spanStart = span.start.getTime();
  const spanEnd = span.end.getTime();
  const background = useMemo(
    () =>
      view === Views.MONTH
        ? []
        : availabilityBlocks(
            categories.filter((c) => shown === ALL || c.professionalId === shown),
            { start: new Date(spanStart), end: new Date(spanEnd) },
          ),
    [categories, view, spanStart, spanEnd, shown],
  );

  const openDraft = useCallback(
    (draft: AppointmentDraft, appointment: Appointment | null = null) => setForm({ appointment, draft }),
    [],
  );
  const move = useMutation({
    mutationFn: (input: { appointment: Appointment; start: Date; end: Date }) => {
      const startsAt = fromWallDate(input.start, timeZone).toISOString();
      const durationMinutes = Math.round((input.end.getTime() - input.start.getTime()) / 60_000);
      return saveAppointment(
        input.appointment.id,
        inputOf({ ...draftOf(input.appointment, wallDateKey(input.start)), startsAt, durationMinutes })!,
      );
    },
    onSuccess: () => notifySuccess(intl.formatMessage({ id: 'agenda.moved' })),
    onError: (error) => notifyError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });

  const onDrop = useCallback(
    ({ event, start, end, resourceId }: EventInteractionArgs<CalendarEvent>) => {
      const appointment = event.appointment;
      if (!appointment) return;
      const startDate = new Date(start);
      const endDate = new Date(end);
      if (resourceId && resourceId !== appointment.professionalId) {
        const startsAt = fromWallDate(startDate, timeZone).toISOString();
        openDraft(
          {
            ...draftOf(appointment, wallDateKey(startDate)),
            professionalId: String(resourceId),
            categoryId: null,
            startsAt,
          },
          appointment,
        );
        return;
      }
      move.mutate({ appointment, start: startDate, end: endDate });
    },
    [move, timeZone, openDraft],
  );

  return {
    settingsLoaded: settings.isSuccess,
    timeZone,
    view,
    setView,
    date,
    setDate,
    shown,
    choose: setChosen,
    professionals,
    columns,
    events,
    background,
    form,
    openDraft,
    closeForm: () => setForm(null),
    onDrop,
  };
}

/** What {@link useAgenda} returns. */
export type AgendaState = ReturnType<typeof useAgenda>;
