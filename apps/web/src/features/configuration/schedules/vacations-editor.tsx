import { SCHEDULE_VACATIONS_MAX, type Schedule, type Vacation } from '@accueil/domain';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCalendarAriaLabels } from '../../../components/calendar-labels';
import { DATE_INPUT_FORMAT } from '../../../lib/format';
import classes from './schedules.module.css';

/** Props of {@link VacationsEditor}: the whole schedule (its vacations are edited) and the issue text at a path. */
export interface VacationsEditorProps {
  value: Schedule;
  onChange: (next: Schedule) => void;
  disabled: boolean;
  issueText: (path: string) => string | undefined;
}

/** The schedule's vacations: each a date range with an optional label and a remove button, then "Add a vacation" (up to SCHEDULE_VACATIONS_MAX). */
export function VacationsEditor({ value, onChange, disabled, issueText }: VacationsEditorProps) {
  const intl = useIntl();
  const calendarLabels = useCalendarAriaLabels();
  const setVacation = (index: number, change: Partial<Vacation>) =>
    onChange({ ...value, vacations: value.vacations.map((v, i) => (i === index ? { ...v, ...change } : v)) });
  return (
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
              valueFormat={DATE_INPUT_FORMAT}
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
                onClick={() => onChange({ ...value, vacations: value.vacations.filter((_, k) => k !== i) })}
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
            onClick={() => onChange({ ...value, vacations: [...value.vacations, { start: '', end: '' }] })}
          >
            <FormattedMessage id="configuration.schedules.addVacation" />
          </Button>
        </Group>
      )}
    </Stack>
  );
}
