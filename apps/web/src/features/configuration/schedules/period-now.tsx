import { nextPeriodChange, periodAt, type Schedule, type SchedulePeriod } from '@accueil/domain';
import { Badge, Group, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { scheduleIssues } from './schedule-editor';

const PERIOD_COLORS: Record<SchedulePeriod, string> = {
  OPEN: 'teal',
  BREAK: 'yellow',
  CLOSE: 'gray',
  VACATION: 'grape',
};

/** "Open now · until 12:00": the period of `schedule` at this moment in `timeZone`, and when it changes (nothing while the schedule has problems). */
export function PeriodNow({ schedule, timeZone }: { schedule: Schedule; timeZone: string }) {
  const intl = useIntl();
  if (Object.keys(scheduleIssues(schedule)).length > 0) return null;
  const now = new Date();
  const period = periodAt(schedule.week, schedule.vacations, now, timeZone);
  const next = nextPeriodChange(schedule.week, schedule.vacations, now, timeZone);
  const sameDay =
    next &&
    intl.formatDate(next.at, { timeZone, dateStyle: 'short' }) ===
      intl.formatDate(now, { timeZone, dateStyle: 'short' });
  const when =
    next &&
    (sameDay
      ? intl.formatTime(next.at, { timeZone, timeStyle: 'short' })
      : intl.formatDate(next.at, { timeZone, weekday: 'long', hour: 'numeric', minute: '2-digit' }));
  return (
    <Group gap="xs" aria-live="polite">
      <Badge color={PERIOD_COLORS[period]} variant="light" size="lg" radius="sm">
        <FormattedMessage id={`configuration.schedules.period.${period}`} />
      </Badge>
      {next && (
        <Text size="sm" c="dimmed">
          <FormattedMessage
            id="configuration.schedules.until"
            values={{
              when,
              period: intl
                .formatMessage({ id: `configuration.schedules.period.${next.period}` })
                .toLowerCase(),
            }}
          />
        </Text>
      )}
      <Text size="sm" c="dimmed">
        · {timeZone}
      </Text>
    </Group>
  );
}
