import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { weekdayName } from '../../../lib/format';
import { type OnboardingDraft } from '../onboarding-draft';
import classes from '../onboarding.module.css';
import { type StepProps, errorOf } from './step-props';

/** Step 5: the week's opening hours (09:00–17:00 Monday to Friday by default). */
export function ScheduleStep({ draft, change, issues }: StepProps) {
  const intl = useIntl();
  const weekdays = useMemo(
    () => [0, 1, 2, 3, 4, 5, 6].map((d) => weekdayName(d, intl.locale)),
    [intl.locale],
  );
  const set = (day: number, patch: Partial<OnboardingDraft['schedule'][number]>) =>
    change({ ...draft, schedule: draft.schedule.map((d) => (d.day === day ? { ...d, ...patch } : d)) });
  // Monday first, as people read a working week; Sunday last.
  const order = [1, 2, 3, 4, 5, 6, 0];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="onboarding.schedule.intro" />
      </Text>
      <Table withRowBorders={false} verticalSpacing={6} className={classes.week}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="onboarding.schedule.day" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="onboarding.schedule.start" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="onboarding.schedule.end" />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.map((dayNumber) => {
            const day = draft.schedule[dayNumber]!;
            const name = weekdays[dayNumber]!;
            return (
              <Table.Tr key={dayNumber}>
                <Table.Td>
                  <Checkbox
                    label={name}
                    checked={day.enabled}
                    onChange={(e) => set(dayNumber, { enabled: e.currentTarget.checked })}
                    className={classes.dayName}
                  />
                </Table.Td>
                <Table.Td>
                  <TimeInput
                    aria-label={intl.formatMessage({ id: 'onboarding.schedule.startOf' }, { day: name })}
                    value={day.start}
                    onChange={(e) => set(dayNumber, { start: e.currentTarget.value })}
                    disabled={!day.enabled}
                    error={errorOf(intl, issues, `schedule.${dayNumber}.start`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TimeInput
                    aria-label={intl.formatMessage({ id: 'onboarding.schedule.endOf' }, { day: name })}
                    value={day.end}
                    onChange={(e) => set(dayNumber, { end: e.currentTarget.value })}
                    disabled={!day.enabled}
                    error={errorOf(intl, issues, `schedule.${dayNumber}.end`)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
