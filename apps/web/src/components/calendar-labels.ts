import type { CalendarAriaLabels } from '@mantine/dates';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/**
 * The accessible names of a Mantine calendar's controls (previous / next month, year and
 * decade, and the level buttons) in the interface's language. Mantine leaves these icon-only
 * buttons unnamed, which axe reports as `button-name`; every DateInput and DatePickerInput of
 * the app passes these as `ariaLabels`.
 */
export function useCalendarAriaLabels(): CalendarAriaLabels {
  const intl = useIntl();
  return useMemo(() => {
    const label = (key: keyof CalendarAriaLabels) => intl.formatMessage({ id: `common.calendar.${key}` });
    return {
      previousMonth: label('previousMonth'),
      nextMonth: label('nextMonth'),
      previousYear: label('previousYear'),
      nextYear: label('nextYear'),
      previousDecade: label('previousDecade'),
      nextDecade: label('nextDecade'),
      monthLevelControl: label('monthLevelControl'),
      yearLevelControl: label('yearLevelControl'),
    };
  }, [intl]);
}
