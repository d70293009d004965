import { notifications } from '@mantine/notifications';
import { getIntl } from '../../lib/i18n';
import { messageWithAction, nextActionToastId } from '../../lib/notify';

/** How long an action can be undone from its toast (ms): issue 26, "undo (5 s)". */
export const UNDO_WINDOW_MS = 5_000;

/** The action the last toast can still undo, and that toast's id. */
let pending: { toastId: string; undo: () => void } | null = null;

/**
 * Shows a success toast with an "Undo" button for UNDO_WINDOW_MS (the timer pauses while the
 * pointer is over it, as every toast). `undo` reverts the action through the API (archive →
 * unarchive, assign → assign back to the one before). Only the newest toast can be undone by
 * the keyboard ({@link undoLast}); each toast's button undoes its own action.
 */
export function notifyUndoable(message: string, undo: () => void): void {
  const toastId = nextActionToastId('undo');
  const entry = { toastId, undo };
  pending = entry;
  const run = () => {
    if (pending === entry) pending = null;
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
    message: messageWithAction(toastId, message, {
      label: getIntl().formatMessage({ id: 'conversations.undo' }),
      onClick: run,
      testId: 'undo-button',
    }),
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
