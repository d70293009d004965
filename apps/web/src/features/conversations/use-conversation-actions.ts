import type { Conversation, UpdateConversationRequest } from '@accueil/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { deleteConversation, updateConversation } from './api';
import { forgetConversation, storeConversation } from './cache-updates';

/**
 * The toast with "Undo" (and its Button) loads with the first undoable action, not with the
 * inbox's first load (docs/behaviour/web-app.md, "Delivery").
 */
export function notifyUndoable(message: string, undo: () => void): void {
  void import('./undo').then((m) => m.notifyUndoable(message, undo));
}

/** What a row or header action does to a conversation. */
/** `opened`: what opening a conversation clears (its notification and incomplete-follow-up flags). */
export type ConversationAction =
  'pin' | 'unpin' | 'archive' | 'unarchive' | 'mark-read' | 'mark-unread' | 'opened';

/** The `PUT /api/conversations/:id` body of each action. */
export function actionRequest(action: ConversationAction): UpdateConversationRequest {
  switch (action) {
    case 'pin':
      return { attributes: { pinned: true } };
    case 'unpin':
      return { attributes: { pinned: false } };
    case 'archive':
      return { status: 'inactive' };
    case 'unarchive':
      return { status: 'active' };
    case 'mark-read':
      return { attributes: { hasNotification: false } };
    case 'mark-unread':
      return { attributes: { hasNotification: true } };
    case 'opened':
      return { attributes: { hasNotification: false, hasIncompleteFollowup: false } };
  }
}

/**
 * Row and header actions: pin/unpin, archive/unarchive, read/unread (PUT) and delete (assigning:
 * `use-assign.ts`). The answer is applied to every cache at once; failures show the 'update
 * status of conversation fails' toast. Archiving shows a toast with "Undo" for UNDO_WINDOW_MS,
 * which unarchives through the API (then calls `onUndo`: the screen reopens the conversation it
 * had left). `quiet` skips every toast (marking read on open).
 */
export function useConversationActions() {
  const client = useQueryClient();
  const intl = useIntl();
  const update = useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: string;
      action: ConversationAction;
      quiet?: boolean;
      undoing?: boolean;
      onUndo?: () => void;
    }) => updateConversation(id, actionRequest(action)),
    onSuccess: (conversation: Conversation, { id, action, quiet, undoing, onUndo }) => {
      storeConversation(client, conversation);
      if (quiet || undoing) return;
      if (action === 'archive') {
        notifyUndoable(intl.formatMessage({ id: 'conversations.toast.archive' }), () => {
          update.mutate({ id, action: 'unarchive', undoing: true });
          onUndo?.();
        });
      } else if (action === 'unarchive') {
        notifySuccess(intl.formatMessage({ id: 'conversations.toast.unarchive' }));
      }
    },
    onError: (error, { quiet }) => {
      if (!quiet) notifyError(error, 'conversations.error.update');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteConversation(id),
    onSuccess: (_: void, id) => {
      forgetConversation(client, id);
      notifySuccess(intl.formatMessage({ id: 'conversations.toast.deleted' }));
    },
    onError: (error) => notifyError(error, 'conversations.error.delete'),
  });
  return {
    run: (id: string, action: ConversationAction, quiet = false, onUndo?: () => void) =>
      update.mutate({ id, action, quiet, onUndo }),
    remove: (id: string, onDone?: (id: string) => void) =>
      remove.mutate(id, { onSuccess: () => onDone?.(id) }),
    pending: update.isPending || remove.isPending,
  };
}
