import type { Professional } from '@accueil/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/en-ca';
import 'dayjs/locale/fr';
import 'dayjs/locale/fr-ca';
import { useMemo, type KeyboardEvent } from 'react';
import { Calendar, dayjsLocalizer, Views } from 'react-big-calendar';
import * as dragAndDropAddon from 'react-big-calendar/lib/addons/dragAndDrop';
import type { default as WithDragAndDrop } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useIntl } from 'react-intl';
import { draftOf, newDraft } from './appointment-draft';
import { agendaFormats } from './agenda-formats';
import classes from './agenda.module.css';
import type { CalendarEvent } from './calendar-event';
import type { AgendaState } from './use-agenda';
import { fromWallDate, wallDateKey } from './wall-clock';

// The drag-and-drop addon ships as CommonJS only: its default export arrives wrapped once or
// twice depending on the bundler's interop (Vite in development, Rollup in the build).
const addon = dragAndDropAddon as unknown as {
  default: typeof WithDragAndDrop | { default: typeof WithDragAndDrop };
};
const withDragAndDrop: typeof WithDragAndDrop =
  typeof addon.default === 'function' ? addon.default : addon.default.default;
const DnDCalendar = withDragAndDrop<CalendarEvent, Professional>(Calendar);
const localizer = dayjsLocalizer(dayjs);

/** dayjs's locale for the interface's (it has no fr-FR: plain fr); it sets the week's first day. */
const dayjsCulture = (locale: string) =>
  ({ 'fr-CA': 'fr-ca', 'en-CA': 'en-ca', 'fr-FR': 'fr' })[locale] ?? 'fr-ca';

const availabilityStyle = (e: CalendarEvent) => ({
  style: { backgroundColor: `${e.colour}29`, borderColor: `${e.colour}80` },
  className: classes.availability,
});

/**
 * The agenda's calendar (react-big-calendar with drag and drop): day, week and month views,
 * professionals as columns, availabilities drawn light behind the appointments, labels in the
 * interface's language. Selecting a free time books; opening (click or Enter) edits; dragging
 * or resizing moves.
 */
export function AgendaCalendar({ agenda }: { agenda: AgendaState }) {
  const intl = useIntl();
  const { view, timeZone, professionals, openDraft } = agenda;
  const messages = useMemo(() => {
    const t = (id: string) => intl.formatMessage({ id: `agenda.${id}` });
    return {
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
    };
  }, [intl]);
  const formats = useMemo(() => agendaFormats(intl.locale), [intl.locale]);
  const edit = (e: CalendarEvent) =>
    e.appointment && openDraft(draftOf(e.appointment, wallDateKey(e.start)), e.appointment);

  return (
    <DnDCalendar
      localizer={localizer}
      culture={dayjsCulture(intl.locale)}
      formats={formats}
      messages={messages}
      events={agenda.events}
      backgroundEvents={agenda.background}
      resources={view === Views.MONTH ? undefined : agenda.columns}
      resourceIdAccessor={(p: Professional) => p.id}
      resourceTitleAccessor={(p: Professional) => p.fullname}
      resourceGroupingLayout
      views={[Views.DAY, Views.WEEK, Views.MONTH]}
      view={view}
      onView={agenda.setView}
      date={agenda.date}
      onNavigate={agenda.setDate}
      step={15}
      timeslots={4}
      min={new Date(1970, 0, 1, 7, 0)}
      max={new Date(1970, 0, 1, 19, 0)}
      scrollToTime={new Date(1970, 0, 1, 8, 0)}
      selectable
      resizable
      popup
      onEventDrop={agenda.onDrop}
      onEventResize={agenda.onDrop}
      onSelectEvent={edit}
      onKeyPressEvent={(e: CalendarEvent, k) => {
        if ((k as KeyboardEvent<HTMLElement>).key === 'Enter') edit(e);
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
          : availabilityStyle(e)
      }
      // The library reads this prop (Calendar.js) though its published types do not list it.
      {...({ backgroundEventPropGetter: availabilityStyle } as object)}
      tooltipAccessor={(e: CalendarEvent) => e.title}
      style={{ height: 'calc(100vh - 200px)', minHeight: 520 }}
    />
  );
}
