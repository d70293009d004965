import type { Formats } from 'react-big-calendar';
import {
  formatDayHeader,
  formatDayNumber,
  formatDayRange,
  formatMonthYear,
  formatShortDay,
  formatTime,
  formatWeekDay,
  formatWeekdayName,
} from '../../lib/format';

type Range = { start: Date; end: Date };
const timeRange = ({ start, end }: Range) => `${formatTime(start)} – ${formatTime(end)}`;

/**
 * The calendar's labels in `locale` (fr-CA, en-CA, fr-FR): every slot of react-big-calendar's
 * formats filled from `lib/format`, which alone chooses how dates read (the library's own
 * English-ordered patterns gave "samedi nov. 28"; Intl gives "samedi 28 nov."). Times are the
 * product's 24-hour `HH:mm`.
 */
export function agendaFormats(locale: string): Formats {
  return {
    dateFormat: (date) => formatDayNumber(date, locale),
    dayFormat: (date) => formatWeekDay(date, locale),
    weekdayFormat: (date) => formatWeekdayName(date, locale),
    dayHeaderFormat: (date) => formatDayHeader(date, locale),
    dayRangeHeaderFormat: (range) => formatDayRange(range, locale),
    monthHeaderFormat: (date) => formatMonthYear(date, locale),
    agendaHeaderFormat: (range) => formatDayRange(range, locale),
    agendaDateFormat: (date) => formatShortDay(date, locale),
    agendaTimeFormat: (date) => formatTime(date),
    agendaTimeRangeFormat: timeRange,
    timeGutterFormat: (date) => formatTime(date),
    selectRangeFormat: timeRange,
    eventTimeRangeFormat: timeRange,
    eventTimeRangeStartFormat: ({ start }) => `${formatTime(start)} – `,
    eventTimeRangeEndFormat: ({ end }) => ` – ${formatTime(end)}`,
  };
}
