import { SNOOZE_MIN_AHEAD_MS, type Conversation } from '@accueil/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { snoozeConversation, unsnoozeConversation } from './api';
import { storeConversation } from './cache-updates';
import { formatSnoozeEnd } from './snooze-times';
import { notifyUndoable } from './use-conversation-actions';

/** A snooze asked for: the conversation, its end, and whether it undoes an earlier action (no toast then). */
interface SnoozeVariables {
  id: string;
  until: Date;
  /** The end it had before (ISO), which "Undo" puts back; null: it was not snoozed. */
  previous: string | null;
  undoing?: boolean;
}

/** The organisation's time zone (IANA), in which snooze ends are chosen and shown. */
export function useOrganizationTimeZone(): string {
  return useSession().context?.organization.timeZone ?? 'America/Toronto';
}

/**
 * Snoozing from the header and a row's menu (docs/behaviour/snooze.md): the answer goes to every
 * cache (the row moves to the Snoozed list); a toast "Snoozed until …" offers "Undo" for
 * UNDO_WINDOW_MS, which ends the snooze (`DELETE …/snooze`) or, for a conversation that was
 * already snoozed, puts its earlier end back. `unsnooze` ends a snooze now. Refusals are toasts.
 */
export function useSnooze() {
  const client = useQueryClient();
  const intl = useIntl();
  const timeZone = useOrganizationTimeZone();
  const unsnooze = useMutation({
    mutationFn: ({ id }: { id: string; undoing?: boolean }) => unsnoozeConversation(id),
    onSuccess: (conversation: Conversation, { undoing }) => {
      storeConversation(client, conversation);
      if (!undoing) notifySuccess(intl.formatMessage({ id: 'conversations.toast.unsnoozed' }));
    },
    onError: (error) => notifyError(error, 'conversations.error.snooze'),
  });
  const snooze = useMutation({
    mutationFn: ({ id, until }: SnoozeVariables) => snoozeConversation(id, until.toISOString()),
    onSuccess: (conversation: Conversation, { id, previous, undoing }) => {
      storeConversation(client, conversation);
      if (undoing) return;
      const text = intl.formatMessage(
        { id: 'conversations.toast.snoozed' },
        { when: formatSnoozeEnd(intl, conversation.snoozedUntil ?? new Date(), timeZone) },
      );
      notifyUndoable(text, () => {
        // An earlier end still far enough ahead is put back; otherwise the snooze just ends.
        if (previous && Date.parse(previous) - Date.now() > SNOOZE_MIN_AHEAD_MS)
          snooze.mutate({ id, until: new Date(previous), previous: null, undoing: true });
        else unsnooze.mutate({ id, undoing: true });
      });
    },
    onError: (error) => notifyError(error, 'conversations.error.snooze'),
  });
  return {
    snooze: (conversation: Conversation, until: Date) =>
      snooze.mutate({ id: conversation.id, until, previous: conversation.snoozedUntil ?? null }),
    unsnooze: (conversation: Conversation) => unsnooze.mutate({ id: conversation.id }),
  };
}
