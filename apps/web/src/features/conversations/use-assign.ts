import type { Conversation, ConversationAssignee } from '@accueil/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError } from '../../lib/notify';
import { assignConversation } from './api';
import { storeConversation } from './cache-updates';
import { notifyUndoable } from './use-conversation-actions';

/** An assignment asked for: the conversation, the new assignee (null: unassign) and the one before. */
interface AssignVariables {
  id: string;
  assignee: ConversationAssignee | null;
  /** The assignee before, whom "Undo" assigns again. */
  previous: ConversationAssignee | null;
  /** True when this is an undo: no toast of its own (a refusal is still shown). */
  undoing?: boolean;
}

/**
 * Assigning from the header and a row's menu (`PUT /api/conversations/:id/assignee`,
 * docs/behaviour/assignment.md): the answer goes to every cache; a toast "Conversation assigned
 * to X" (or unassigned) offers "Undo" for UNDO_WINDOW_MS, which assigns the one before again;
 * a refusal is a toast (an assignee who left the team: `assignee-not-in-team`). Only the lazily
 * loaded parts (the open conversation, a row's menu) use it, so it stays out of the first load.
 * Returns `assign(conversation, assignee)`; choosing the current assignee again does nothing.
 */
export function useAssign(): (conversation: Conversation, assignee: ConversationAssignee | null) => void {
  const client = useQueryClient();
  const intl = useIntl();
  const mutation = useMutation({
    mutationFn: ({ id, assignee }: AssignVariables) => assignConversation(id, assignee?.id ?? null),
    onSuccess: (conversation: Conversation, { id, assignee, previous, undoing }) => {
      storeConversation(client, conversation);
      if (undoing) return;
      const text = assignee
        ? intl.formatMessage({ id: 'conversations.toast.assigned' }, { name: assignee.name })
        : intl.formatMessage({ id: 'conversations.toast.unassigned' });
      notifyUndoable(text, () =>
        mutation.mutate({ id, assignee: previous, previous: assignee, undoing: true }),
      );
    },
    onError: (error) => notifyError(error, 'conversations.error.assign'),
  });
  return (conversation, assignee) => {
    const previous = conversation.assignee ?? null;
    if ((previous?.id ?? null) === (assignee?.id ?? null)) return;
    mutation.mutate({ id: conversation.id, assignee, previous });
  };
}
