import { SCHEDULE_ISSUES, scheduleSchema, type DaySchedule, type Schedule } from '@accueil/domain';
import { Stack, Switch, Table, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/en-ca';
import 'dayjs/locale/fr';
import { useElementSize } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { issueMessageId, issuesOfZod, type FieldIssues } from '../field-issues';
import { DayBreaks } from './day-breaks';
import classes from './schedules.module.css';
import { TimeRange } from './time-range';
import { VacationsEditor } from './vacations-editor';

/** Issue codes with a text of their own in the `schedules` catalogue. */
const KNOWN_ISSUES: readonly string[] = [...SCHEDULE_ISSUES, 'time-invalid', 'date-invalid'];

/** The problems of a schedule by path (`week.1.breaks.0`), with the rules the server applies (docs/behaviour/schedules.md). */
export function scheduleIssues(schedule: Schedule): FieldIssues {
  const result = scheduleSchema.safeParse(schedule);
  return result.success ? {} : issuesOfZod(result.error);
}

export interface ScheduleEditorProps {
  value: Schedule;
  onChange: (next: Schedule) => void;
  /** Problems to show beside the fields, by path (the server's answer); the editor adds its own live check. */
  issues?: FieldIssues;
  /** Read-only view. */
  disabled?: boolean;
  /** Prefix of the inputs' ids, when two editors share a page. */
  idPrefix?: string;
}

/** Width of the week's table (px) under which a day's breaks go under its hours. */
const NARROW_WEEK_PX = 720;

/** 4 January 2026 was a Sunday: weekday `day` (0 Sunday … 6 Saturday) as a date, to name it in any locale. */
const weekdayDate = (day: number) => new Date(Date.UTC(2026, 0, 4 + day));

/**
 * The week editor of a schedule (organisation's or team's, and the onboarding wizard's): each
 * day open or closed with its hours and its breaks, then the vacations (date ranges with an
 * optional label). Problems show beside their field as the user types, with the same rules the
 * server applies; the caller decides when to save (see `scheduleIssues`). Every control is a
 * native input or button, so the editor is used from the keyboard alone.
 */
export function ScheduleEditor({
  value,
  onChange,
  issues: serverIssues = {},
  disabled = false,
  idPrefix = 'schedule',
}: ScheduleEditorProps) {
  const intl = useIntl();
  const issues = useMemo(() => ({ ...serverIssues, ...scheduleIssues(value) }), [serverIssues, value]);
  const issueText = (path: string) => {
    const code = issues[path];
    return code
      ? intl.formatMessage({ id: issueMessageId('configuration.schedules', code, KNOWN_ISSUES) })
      : undefined;
  };
  const dayName = (day: number) => intl.formatDate(weekdayDate(day), { weekday: 'long', timeZone: 'UTC' });

  const setDay = (index: number, change: Partial<DaySchedule>) =>
    onChange({ ...value, week: value.week.map((d, i) => (i === index ? { ...d, ...change } : d)) });

  // Monday first, as the week reads in Canada and France; the data stays 0 Sunday … 6 Saturday.
  const order = [1, 2, 3, 4, 5, 6, 0];
  // Narrower than the three columns need (a 1024-pixel screen beside the side menu and the
  // configuration tabs): each day's breaks go under its hours, in one column.
  const { ref: weekRef, width } = useElementSize();
  const narrow = width > 0 && width < NARROW_WEEK_PX;
  /** A day's hours and breaks: two cells, or one with the breaks under the hours when narrow. */
  const cells = (hours: ReactNode, breaks: ReactNode) =>
    narrow ? (
      <Table.Td>
        <Stack gap="xs">
          {hours}
          {breaks}
        </Stack>
      </Table.Td>
    ) : (
      <>
        <Table.Td>{hours}</Table.Td>
        <Table.Td>{breaks}</Table.Td>
      </>
    );

  return (
    <DatesProvider settings={{ locale: intl.locale.startsWith('en') ? 'en-ca' : 'fr', firstDayOfWeek: 0 }}>
      <Stack gap="lg">
        <div ref={weekRef}>
          <Table className={classes.week} verticalSpacing="sm" withRowBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.dayColumn}>
                  <FormattedMessage id="configuration.schedules.day" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage
                    id={narrow ? 'configuration.schedules.hoursAndBreaks' : 'configuration.schedules.hours'}
                  />
                </Table.Th>
                {!narrow && (
                  <Table.Th>
                    <FormattedMessage id="configuration.schedules.breaks" />
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.map((index) => {
                const day = value.week[index]!;
                const name = dayName(day.day);
                return (
                  <Table.Tr key={day.day} data-day={day.day}>
                    <Table.Td className={classes.dayColumn}>
                      <Switch
                        id={`${idPrefix}-day-${day.day}`}
                        label={<span className={classes.dayName}>{name}</span>}
                        checked={day.enabled}
                        disabled={disabled}
                        onChange={(e) => setDay(index, { enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    {cells(
                      day.enabled ? (
                        <TimeRange
                          start={day.start}
                          end={day.end}
                          startLabel={intl.formatMessage(
                            { id: 'configuration.schedules.opensAt' },
                            { day: name },
                          )}
                          endLabel={intl.formatMessage(
                            { id: 'configuration.schedules.closesAt' },
                            { day: name },
                          )}
                          startError={issueText(`week.${index}.start`)}
                          endError={issueText(`week.${index}.end`)}
                          disabled={disabled}
                          onChange={(change) => setDay(index, change)}
                        />
                      ) : (
                        <Text c="dimmed" size="sm" className={classes.closed}>
                          <FormattedMessage id="configuration.schedules.closed" />
                        </Text>
                      ),
                      day.enabled && (
                        <DayBreaks
                          day={day}
                          index={index}
                          name={name}
                          disabled={disabled}
                          issueText={issueText}
                          setDay={setDay}
                        />
                      ),
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>

        <VacationsEditor value={value} onChange={onChange} disabled={disabled} issueText={issueText} />
      </Stack>
    </DatesProvider>
  );
}
