import { Group, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import classes from './schedules.module.css';

/** Props of {@link TimeRange}: times as `HH:mm`; an error is a message under the field, or `true` to only mark it. */
export interface TimeRangeProps {
  start: string;
  end: string;
  startLabel: string;
  endLabel: string;
  startError?: ReactNode;
  endError?: ReactNode;
  disabled: boolean;
  onChange: (change: { start?: string; end?: string }) => void;
  /** After the two fields (a break's remove button). */
  children?: ReactNode;
}

/** Two native time fields, from and to, with a dash between them: a day's hours or one of its breaks. */
export function TimeRange({
  start,
  end,
  startLabel,
  endLabel,
  startError,
  endError,
  disabled,
  onChange,
  children,
}: TimeRangeProps) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TimeInput
        className={classes.time}
        aria-label={startLabel}
        value={start}
        disabled={disabled}
        error={startError}
        onChange={(e) => onChange({ start: e.currentTarget.value })}
      />
      <Text className={classes.dash} aria-hidden>
        –
      </Text>
      <TimeInput
        className={classes.time}
        aria-label={endLabel}
        value={end}
        disabled={disabled}
        error={endError}
        onChange={(e) => onChange({ end: e.currentTarget.value })}
      />
      {children}
    </Group>
  );
}
