import { SCHEDULE_BREAKS_MAX, timeToMinutes, type DaySchedule } from '@accueil/domain';
import { ActionIcon, Button, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TimeRange } from './time-range';

/** Props of {@link DayBreaks}: the day (its `index` in the week's data, its localised `name`) and the issue text at a path. */
export interface DayBreaksProps {
  day: DaySchedule;
  index: number;
  name: string;
  disabled: boolean;
  issueText: (path: string) => string | undefined;
  setDay: (index: number, change: Partial<DaySchedule>) => void;
}

/** An open day's breaks: each a time range with its remove button and its problem, then "Add a break" (up to SCHEDULE_BREAKS_MAX). */
export function DayBreaks({ day, index, name, disabled, issueText, setDay }: DayBreaksProps) {
  const intl = useIntl();
  return (
    <Stack gap={6} align="flex-start">
      {day.breaks.map((b, j) => {
        const breakIssue =
          issueText(`week.${index}.breaks.${j}`) ??
          issueText(`week.${index}.breaks.${j}.end`) ??
          issueText(`week.${index}.breaks.${j}.start`);
        const setBreak = (change: Partial<typeof b>) =>
          setDay(index, { breaks: day.breaks.map((x, k) => (k === j ? { ...x, ...change } : x)) });
        return (
          <Stack key={j} gap={2}>
            <TimeRange
              start={b.start}
              end={b.end}
              startLabel={intl.formatMessage(
                { id: 'configuration.schedules.breakStart' },
                { day: name, n: j + 1 },
              )}
              endLabel={intl.formatMessage(
                { id: 'configuration.schedules.breakEnd' },
                { day: name, n: j + 1 },
              )}
              startError={!!breakIssue}
              endError={!!breakIssue}
              disabled={disabled}
              onChange={setBreak}
            >
              {!disabled && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={intl.formatMessage(
                    { id: 'configuration.schedules.removeBreak' },
                    { day: name, n: j + 1 },
                  )}
                  onClick={() => setDay(index, { breaks: day.breaks.filter((_, k) => k !== j) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </TimeRange>
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
          aria-label={intl.formatMessage({ id: 'configuration.schedules.addBreakTo' }, { day: name })}
          onClick={() => setDay(index, { breaks: [...day.breaks, suggestBreak(day)] })}
        >
          <FormattedMessage id="configuration.schedules.addBreak" />
        </Button>
      )}
    </Stack>
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
