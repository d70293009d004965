import type { Appointment, AvailabilityCategory } from '@accueil/domain';
import dayjs from 'dayjs';
import { Views, type View } from 'react-big-calendar';
import { wallDateKey } from './wall-clock';

/** An appointment (or an availability block, `appointment` null) as the calendar draws it, on the organisation's wall clock. */
export type CalendarEvent = {
  id: string;
  title: string;
  start: Date;
  end: Date;
  resourceId: string;
  colour: string;
  appointment: Appointment | null;
};

const DAY_MS = 86_400_000;

/** The span a view shows around `date` (wall clock), padded so a month's leading and trailing weeks are in. */
export function visibleSpan(view: View, date: Date): { start: Date; end: Date } {
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

/** The categories' ranges as background blocks on every day of `span` (wall clock), in each professional's column. */
export function availabilityBlocks(
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
