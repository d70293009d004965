import { instantOf, SNOOZE_MIN_AHEAD_MS } from '@accueil/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { TZDate } from '@date-fns/tz';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getIntl } from '../../lib/i18n';

const MODAL_ID = 'snooze-until';

/** `YYYY-MM-DD HH:mm:ss` of `instant` on `timeZone`'s wall clock (the picker's value). */
export function wallValueOf(instant: Date, timeZone: string): string {
  const z = new TZDate(instant.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${z.getFullYear()}-${two(z.getMonth() + 1)}-${two(z.getDate())} ${two(z.getHours())}:${two(z.getMinutes())}:00`;
}

/** The instant a picker value (`YYYY-MM-DD HH:mm[:ss]`, `timeZone`'s wall clock) stands for. */
export function instantOfWallValue(value: string, timeZone: string): Date {
  const [date, time = '00:00'] = value.split(' ');
  const [h, m] = time.split(':').map(Number);
  return instantOf(date!, h! * 60 + m!, timeZone);
}

/** What {@link openSnoozeDialog} needs: the organisation's time zone, the current end if any, and what to do with the chosen one. */
export interface SnoozeDialogOptions {
  timeZone: string;
  initial: string | null;
  onSnooze: (until: Date) => void;
}

function SnoozeDialogBody({ timeZone, initial, onSnooze }: SnoozeDialogOptions) {
  const intl = useIntl();
  const [value, setValue] = useState<string | null>(() =>
    initial ? wallValueOf(new Date(initial), timeZone) : null,
  );
  // The dialog's "now": when it opened (a render must not read the clock).
  const [openedAt] = useState(() => Date.now());
  const until = value ? instantOfWallValue(value, timeZone) : null;
  const tooSoon = until !== null && until.getTime() - openedAt < SNOOZE_MIN_AHEAD_MS;
  return (
    <Stack>
      <DateTimePicker
        data-autofocus
        label={intl.formatMessage({ id: 'conversations.snooze.until' })}
        description={intl.formatMessage({ id: 'conversations.snooze.timeZone' }, { timeZone })}
        value={value}
        onChange={setValue}
        minDate={wallValueOf(new Date(openedAt), timeZone).slice(0, 10)}
        valueFormat="DD/MM/YYYY HH:mm"
        error={tooSoon ? intl.formatMessage({ id: 'error.snooze-too-soon' }) : undefined}
        data-testid="snooze-picker"
        popoverProps={{ withinPortal: true }}
      />
      <Text size="xs" c="dimmed">
        <FormattedMessage id="conversations.snooze.wakeHint" />
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.close(MODAL_ID)}>
          <FormattedMessage id="conversations.action.cancel" />
        </Button>
        <Button
          disabled={!until || tooSoon}
          data-testid="snooze-confirm"
          onClick={() => {
            if (!until) return;
            modals.close(MODAL_ID);
            onSnooze(until);
          }}
        >
          <FormattedMessage id="conversations.snooze.button" />
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The "Choose a date and time" dialog of the snooze menus (docs/behaviour/snooze.md): a date and
 * time on the organisation's clock, at least a minute ahead (the server judges it again: 422
 * `snooze-too-soon`, `snooze-too-far`, shown as a toast).
 */
export function openSnoozeDialog(options: SnoozeDialogOptions): void {
  modals.close(MODAL_ID);
  modals.open({
    modalId: MODAL_ID,
    title: getIntl().formatMessage({ id: 'conversations.snooze.dialogTitle' }),
    children: <SnoozeDialogBody {...options} />,
  });
}
