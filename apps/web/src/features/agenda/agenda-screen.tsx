import { type Appointment, type AvailabilityCategory, type Professional } from '@accueil/domain';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/en-ca';
import 'dayjs/locale/fr';
import 'dayjs/locale/fr-ca';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { Calendar, dayjsLocalizer, Views, type View } from 'react-big-calendar';
import * as dragAndDropAddon from 'react-big-calendar/lib/addons/dragAndDrop';
import type {
  EventInteractionArgs,
  default as WithDragAndDrop,
} from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { FormattedMessage, useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { agendaKeys, useAgendaSettings, useCategories, useProfessionals } from '../professionals/api';
import { saveAppointment, useAppointments } from './api';
import { draftOf, inputOf, newDraft, type AppointmentDraft } from './appointment-draft';
import { AppointmentForm } from './appointment-form';
import classes from './agenda.module.css';
import { fromWallDate, toWallDate, wallDateKey } from './wall-clock';

/** An appointment as the calendar draws it (wall-clock dates of the organisation). */
type CalendarEvent = {
  id: string;
  title: string;
  start: Date;
  end: Date;
  resourceId: string;
  colour: string;
  appointment: Appointment | null;
};

// The drag-and-drop addon ships as CommonJS only: its default export arrives wrapped once or
// twice depending on the bundler's interop (Vite in development, Rollup in the build).
const addon = dragAndDropAddon as unknown as {
  default: typeof WithDragAndDrop | { default: typeof WithDragAndDrop };
};
const withDragAndDrop: typeof WithDragAndDrop =
  typeof addon.default === 'function' ? addon.default : addon.default.default;
const DnDCalendar = withDragAndDrop<CalendarEvent, Professional>(Calendar);
const localizer = dayjsLocalizer(dayjs);
const DAY_MS = 86_400_000;
const FALLBACK_COLOUR = '#495057';
/** From this width a week shows every professional's column for each day; below it, one professional's week. */
const WIDE_WEEK_QUERY = '(min-width: 1700px)';
const ALL = 'all';

/** dayjs's locale for the interface's (it has no fr-FR: plain fr). */
const dayjsCulture = (locale: string) =>
  ({ 'fr-CA': 'fr-ca', 'en-CA': 'en-ca', 'fr-FR': 'fr' })[locale] ?? 'fr-ca';

/** The span a view shows around `date` (wall clock), padded so a month's leading and trailing weeks are in. */
function visibleSpan(view: View, date: Date): { start: Date; end: Date } {
  const d = dayjs(date);
  if (view === Views.DAY)
    return { start: d.startOf('day').toDate(), end: d.startOf('day').add(1, 'day').toDate() };
  if (view === Views.WEEK)
    return {
      start: d.startOf('week').subtract(1, 'day').toDate(),
      end: d.startOf('week').add(8, 'day').toDate(),
    };
  return {
    start: d.startOf('month').subtract(7, 'day').toDate(),
    end: d.endOf('month').add(8, 'day').startOf('day').toDate(),
  };
}

/**
 * /agenda: the organisation's calendar in its time zone — day (a column per professional),
 * week and month — with each professional's availability categories drawn in their colours
 * behind the appointments (in their category's colour). Book by selecting a free time or with
 * the button; move by dragging (or resizing) or through the form; open an appointment to edit,
 * move or cancel it. The day and week views show every professional's column, or the one
 * chosen; below `WIDE_WEEK_QUERY` a week shows one professional's until another choice is made
 * (seven days times every professional do not fit a narrow screen).
 */
export function AgendaScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `agenda.${id}` });
  const settings = useAgendaSettings();
  const timeZone = settings.data?.timeZone ?? 'America/Toronto';
  const [view, setView] = useState<View>(Views.DAY);
  const [date, setDate] = useState(() => toWallDate(new Date(), timeZone));
  const [form, setForm] = useState<{ appointment: Appointment | null; draft: AppointmentDraft } | null>(null);
  const { data: professionals = [] } = useProfessionals();
  const { data: categories = [] } = useCategories();
  const wide = useMediaQuery(WIDE_WEEK_QUERY, true, { getInitialValueInEffect: false });
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = chosen ?? (view === Views.WEEK && !wide && professionals[0] ? professionals[0].id : ALL);
  const columns = useMemo(
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

  const openDraft = (draft: AppointmentDraft, appointment: Appointment | null = null) =>
    setForm({ appointment, draft });
  const move = useMutation({
    mutationFn: (input: { appointment: Appointment; start: Date; end: Date }) => {
      const startsAt = fromWallDate(input.start, timeZone).toISOString();
      const durationMinutes = Math.round((input.end.getTime() - input.start.getTime()) / 60_000);
      return saveAppointment(
        input.appointment.id,
        inputOf({ ...draftOf(input.appointment, wallDateKey(input.start)), startsAt, durationMinutes })!,
      );
    },
    onSuccess: () => notifySuccess(t('moved')),
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
        // Another professional has other categories: the form asks which one.
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
    [move, timeZone],
  );

  const messages = useMemo(
    () => ({
      today: t('today'),
      previous: t('previous'),
      next: t('next'),
      day: t('day'),
      week: t('week'),
      month: t('month'),
      agenda: t('list'),
      date: t('date'),
      time: t('time'),
      event: t('appointment'),
      noEventsInRange: t('noAppointments'),
      showMore: (count: number) => intl.formatMessage({ id: 'agenda.showMore' }, { count }),
    }),
    [intl], // eslint-disable-line react-hooks/exhaustive-deps
  );

  return (
    <Stack p="lg" gap="md" h="100%">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1} size="h2">
            <FormattedMessage id="agenda.title" />
          </Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'agenda.timeZone' }, { timeZone })}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end">
          {view !== Views.MONTH && professionals.length > 1 && (
            <Select
              label={t('shown')}
              value={shown}
              onChange={(v) => setChosen(v ?? ALL)}
              allowDeselect={false}
              data={[
                { value: ALL, label: t('shownAll') },
                ...professionals.map((p) => ({ value: p.id, label: p.fullname })),
              ]}
              w={220}
            />
          )}
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              openDraft(
                newDraft({
                  professionalId: (shown !== ALL ? shown : professionals[0]?.id) ?? null,
                  date: wallDateKey(date),
                }),
              )
            }
            disabled={professionals.length === 0}
          >
            {t('new')}
          </Button>
        </Group>
      </Group>
      {settings.isSuccess && professionals.length === 0 && <Text c="dimmed">{t('noProfessional')}</Text>}
      <Paper withBorder radius="md" p="sm" className={classes.calendar}>
        <DnDCalendar
          localizer={localizer}
          culture={dayjsCulture(intl.locale)}
          messages={messages}
          events={events}
          backgroundEvents={background}
          resources={view === Views.MONTH ? undefined : columns}
          resourceIdAccessor={(p: Professional) => p.id}
          resourceTitleAccessor={(p: Professional) => p.fullname}
          resourceGroupingLayout
          views={[Views.DAY, Views.WEEK, Views.MONTH]}
          view={view}
          onView={setView}
          date={date}
          onNavigate={setDate}
          step={15}
          timeslots={4}
          min={new Date(1970, 0, 1, 7, 0)}
          max={new Date(1970, 0, 1, 19, 0)}
          scrollToTime={new Date(1970, 0, 1, 8, 0)}
          selectable
          resizable
          popup
          onEventDrop={onDrop}
          onEventResize={onDrop}
          onSelectEvent={(e: CalendarEvent) =>
            e.appointment && openDraft(draftOf(e.appointment, wallDateKey(e.start)), e.appointment)
          }
          onKeyPressEvent={(e: CalendarEvent, k) => {
            if ((k as KeyboardEvent<HTMLElement>).key === 'Enter' && e.appointment)
              openDraft(draftOf(e.appointment, wallDateKey(e.start)), e.appointment);
          }}
          onSelectSlot={(slot: { start: Date | string; resourceId?: string | number }) => {
            const start = new Date(slot.start);
            const timed = view !== Views.MONTH;
            openDraft(
              newDraft({
                professionalId: slot.resourceId ? String(slot.resourceId) : (professionals[0]?.id ?? null),
                date: wallDateKey(start),
                startsAt: timed ? fromWallDate(start, timeZone).toISOString() : null,
              }),
            );
          }}
          // The library styles background events with this getter too: availabilities stay light.
          eventPropGetter={(e: CalendarEvent) =>
            e.appointment
              ? { style: { backgroundColor: e.colour, borderColor: e.colour }, className: classes.event }
              : {
                  style: { backgroundColor: `${e.colour}29`, borderColor: `${e.colour}80` },
                  className: classes.availability,
                }
          }
          // The library reads this prop (Calendar.js) though its published types do not list it.
          {...({
            backgroundEventPropGetter: (e: CalendarEvent) => ({
              style: { backgroundColor: `${e.colour}29`, borderColor: `${e.colour}80` },
              className: classes.availability,
            }),
          } as object)}
          tooltipAccessor={(e: CalendarEvent) => e.title}
          style={{ height: 'calc(100vh - 200px)', minHeight: 520 }}
        />
      </Paper>
      {form && (
        <AppointmentForm
          key={form.appointment?.id ?? 'new'}
          appointment={form.appointment}
          initial={form.draft}
          timeZone={timeZone}
          onClose={() => setForm(null)}
        />
      )}
    </Stack>
  );
}

/** The categories' ranges as background blocks on every day of `span` (wall clock), in each professional's column. */
function availabilityBlocks(
  categories: readonly AvailabilityCategory[],
  span: { start: Date; end: Date },
): CalendarEvent[] {
  const blocks: CalendarEvent[] = [];
  for (let day = new Date(span.start); day < span.end; day = new Date(day.getTime() + DAY_MS)) {
    const weekday = day.getDay();
    for (const c of categories) {
      for (const r of c.ranges.filter((x) => x.day === weekday)) {
        const at = (time: string) =>
          new Date(
            day.getFullYear(),
            day.getMonth(),
            day.getDate(),
            Number(time.slice(0, 2)),
            Number(time.slice(3, 5)),
          );
        blocks.push({
          id: `${c.id}-${wallDateKey(day)}-${r.start}`,
          title: c.label,
          start: at(r.start),
          end: at(r.end),
          resourceId: c.professionalId,
          colour: c.colour,
          appointment: null,
        });
      }
    }
  }
  return blocks;
}
