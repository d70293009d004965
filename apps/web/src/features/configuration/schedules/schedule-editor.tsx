import {
  SCHEDULE_BREAKS_MAX,
  SCHEDULE_ISSUES,
  SCHEDULE_VACATIONS_MAX,
  scheduleSchema,
  timeToMinutes,
  type DaySchedule,
  type Schedule,
  type Vacation,
} from '@accueil/domain';
import { ActionIcon, Button, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import 'dayjs/locale/en-ca';
import 'dayjs/locale/fr';
import { useElementSize } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { issueMessageId, issuesOfZod, type FieldIssues } from '../field-issues';
import classes from './schedules.module.css';
import { useCalendarAriaLabels } from '../../../components/calendar-labels';

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
  const calendarLabels = useCalendarAriaLabels();
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
  const setVacation = (index: number, change: Partial<Vacation>) =>
    onChange({ ...value, vacations: value.vacations.map((v, i) => (i === index ? { ...v, ...change } : v)) });

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
                        <Group gap="xs" align="flex-start" wrap="nowrap">
                          <TimeInput
                            className={classes.time}
                            aria-label={intl.formatMessage(
                              { id: 'configuration.schedules.opensAt' },
                              { day: name },
                            )}
                            value={day.start}
                            disabled={disabled}
                            error={issueText(`week.${index}.start`)}
                            onChange={(e) => setDay(index, { start: e.currentTarget.value })}
                          />
                          <Text className={classes.dash} aria-hidden>
                            –
                          </Text>
                          <TimeInput
                            className={classes.time}
                            aria-label={intl.formatMessage(
                              { id: 'configuration.schedules.closesAt' },
                              { day: name },
                            )}
                            value={day.end}
                            disabled={disabled}
                            error={issueText(`week.${index}.end`)}
                            onChange={(e) => setDay(index, { end: e.currentTarget.value })}
                          />
                        </Group>
                      ) : (
                        <Text c="dimmed" size="sm" className={classes.closed}>
                          <FormattedMessage id="configuration.schedules.closed" />
                        </Text>
                      ),
                      day.enabled && (
                        <Stack gap={6} align="flex-start">
                          {day.breaks.map((b, j) => {
                            const breakIssue =
                              issueText(`week.${index}.breaks.${j}`) ??
                              issueText(`week.${index}.breaks.${j}.end`) ??
                              issueText(`week.${index}.breaks.${j}.start`);
                            const setBreak = (change: Partial<typeof b>) =>
                              setDay(index, {
                                breaks: day.breaks.map((x, k) => (k === j ? { ...x, ...change } : x)),
                              });
                            return (
                              <Stack key={j} gap={2}>
                                <Group gap="xs" wrap="nowrap">
                                  <TimeInput
                                    className={classes.time}
                                    aria-label={intl.formatMessage(
                                      { id: 'configuration.schedules.breakStart' },
                                      { day: name, n: j + 1 },
                                    )}
                                    value={b.start}
                                    disabled={disabled}
                                    error={!!breakIssue}
                                    onChange={(e) => setBreak({ start: e.currentTarget.value })}
                                  />
                                  <Text className={classes.dash} aria-hidden>
                                    –
                                  </Text>
                                  <TimeInput
                                    className={classes.time}
                                    aria-label={intl.formatMessage(
                                      { id: 'configuration.schedules.breakEnd' },
                                      { day: name, n: j + 1 },
                                    )}
                                    value={b.end}
                                    disabled={disabled}
                                    error={!!breakIssue}
                                    onChange={(e) => setBreak({ end: e.currentTarget.value })}
                                  />
                                  {!disabled && (
                                    <ActionIcon
                                      variant="subtle"
                                      color="gray"
                                      aria-label={intl.formatMessage(
                                        { id: 'configuration.schedules.removeBreak' },
                                        { day: name, n: j + 1 },
                                      )}
                                      onClick={() =>
                                        setDay(index, { breaks: day.breaks.filter((_, k) => k !== j) })
                                      }
                                    >
                                      <IconTrash size={16} />
                                    </ActionIcon>
                                  )}
                                </Group>
                                {breakIssue && (
                                  <Text size="xs" c="red.8" role="alert">
                                    {breakIssue}
                                  </Text>
                                )}
                              </Stack>
                            );
                          })}
                          {!disabled && day.breaks.length < SCHEDULE_BREAKS_MAX && (
                            <Button
                              variant="subtle"
                              size="compact-sm"
                              leftSection={<IconPlus size={14} />}
                              aria-label={intl.formatMessage(
                                { id: 'configuration.schedules.addBreakTo' },
                                { day: name },
                              )}
                              onClick={() => setDay(index, { breaks: [...day.breaks, suggestBreak(day)] })}
                            >
                              <FormattedMessage id="configuration.schedules.addBreak" />
                            </Button>
                          )}
                        </Stack>
                      ),
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>

        <Stack gap="xs">
          <Title order={3} size="h5">
            <FormattedMessage id="configuration.schedules.vacations" />
          </Title>
          {value.vacations.length === 0 && (
            <Text c="dimmed" size="sm">
              <FormattedMessage id="configuration.schedules.noVacations" />
            </Text>
          )}
          {value.vacations.map((v, i) => {
            const n = i + 1;
            const dateIssue = issueText(`vacations.${i}.end`) ?? issueText(`vacations.${i}.start`);
            return (
              <Group key={i} gap="sm" align="flex-start" wrap="nowrap" data-vacation={i}>
                <DatePickerInput
                  ariaLabels={calendarLabels}
                  type="range"
                  className={classes.dates}
                  aria-label={intl.formatMessage({ id: 'configuration.schedules.vacationDates' }, { n })}
                  placeholder={intl.formatMessage({ id: 'configuration.schedules.pickDates' })}
                  valueFormat="DD / MM / YYYY"
                  value={[v.start || null, v.end || null]}
                  disabled={disabled}
                  allowSingleDateInRange
                  error={dateIssue}
                  onChange={([start, end]) => setVacation(i, { start: start ?? '', end: end ?? '' })}
                />
                <TextInput
                  className={classes.label}
                  aria-label={intl.formatMessage({ id: 'configuration.schedules.vacationLabel' }, { n })}
                  placeholder={intl.formatMessage({ id: 'configuration.schedules.vacationLabelPlaceholder' })}
                  value={v.label ?? ''}
                  maxLength={100}
                  disabled={disabled}
                  onChange={(e) => setVacation(i, { label: e.currentTarget.value || undefined })}
                />
                {!disabled && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={6}
                    aria-label={intl.formatMessage({ id: 'configuration.schedules.removeVacation' }, { n })}
                    onClick={() =>
                      onChange({ ...value, vacations: value.vacations.filter((_, k) => k !== i) })
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
          {!disabled && value.vacations.length < SCHEDULE_VACATIONS_MAX && (
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  onChange({ ...value, vacations: [...value.vacations, { start: '', end: '' }] })
                }
              >
                <FormattedMessage id="configuration.schedules.addVacation" />
              </Button>
            </Group>
          )}
        </Stack>
      </Stack>
    </DatesProvider>
  );
}

/** A new break: noon to one when it fits the day's hours, else the first half hour after the last break or the start. */
function suggestBreak(day: DaySchedule): { start: string; end: string } {
  const toMinutes = (t: string) => (/^\d\d:\d\d$/.test(t) ? timeToMinutes(t) : 0);
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const start = toMinutes(day.start);
  const end = toMinutes(day.end);
  const taken = day.breaks.map((b) => [toMinutes(b.start), toMinutes(b.end)] as const);
  const free = (a: number, b: number) => a >= start && b <= end && taken.every(([s, e]) => b <= s || a >= e);
  if (free(720, 780)) return { start: '12:00', end: '13:00' };
  const from = Math.max(start, ...taken.map(([, e]) => e));
  return { start: hhmm(Math.min(from, 1409)), end: hhmm(Math.min(from + 30, 1439)) };
}
