import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getIntl } from '../../lib/i18n';

/** How long an action can be undone from its toast (ms): issue 26, "undo (5 s)". */
export const UNDO_WINDOW_MS = 5_000;

/** The action the last toast can still undo, and that toast's id. */
let pending: { toastId: string; undo: () => void } | null = null;
let toastSeq = 0;

/**
 * Shows a success toast with an "Undo" button for UNDO_WINDOW_MS (the timer pauses while the
 * pointer is over it, as every toast). `undo` reverts the action through the API (archive →
 * unarchive, assign → assign back to the one before). Only the newest toast can be undone by
 * the keyboard ({@link undoLast}); each toast's button undoes its own action.
 */
export function notifyUndoable(message: string, undo: () => void): void {
  toastSeq += 1;
  const toastId = `undo-${toastSeq}`;
  const entry = { toastId, undo };
  pending = entry;
  const run = () => {
    if (pending === entry) pending = null;
    notifications.hide(toastId);
    undo();
  };
  notifications.show({
    id: toastId,
    color: 'teal',
    withBorder: true,
    autoClose: UNDO_WINDOW_MS,
    onClose: () => {
      if (pending === entry) pending = null;
    },
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="light" onClick={run} data-testid="undo-button">
          {getIntl().formatMessage({ id: 'conversations.undo' })}
        </Button>
      </Group>
    ),
  });
}

/**
 * Undoes the action of the newest undoable toast still shown (the keyboard's `z`); false when
 * there is none (its 5 s are over, or it was undone already).
 */
export function undoLast(): boolean {
  const entry = pending;
  if (!entry) return false;
  pending = null;
  notifications.hide(entry.toastId);
  entry.undo();
  return true;
}
