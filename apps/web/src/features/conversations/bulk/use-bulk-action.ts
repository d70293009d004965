import type { BulkConversationAction, Conversation, ConversationAssignee } from '@accueil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { notifySuccess } from '../../../lib/notify';
import { notifyUndoable } from '../undo';
import { assignBack, sendBulk } from './bulk-run';

/** One bulk action asked for from the bar. */
export interface BulkRequest {
  action: BulkConversationAction;
  /** The selected conversations, as the list shows them (their assignee is what Undo restores). */
  conversations: readonly Conversation[];
  /** For `assign`: the member chosen, or null to unassign. */
  assignee?: ConversationAssignee | null;
}

/**
 * The bulk bar's actions (docs/behaviour/assignment.md, "Web"): one `POST /api/conversations/bulk`
 * for the selected ids; its answers go into the caches ({@link sendBulk}). A toast says what was
 * done ("3 conversations archived"); after an archive or an assignment it offers Undo for
 * UNDO_WINDOW_MS (unarchive the same ids; assign each back to its previous assignee, one request
 * per assignee). `onDone` receives the ids the server refused (the bar keeps them selected); it
 * is not called when the request failed as a whole (the selection stays as it was).
 * Returns `run` and whether a request is under way.
 */
export function useBulkAction(onDone: (refused: string[]) => void): {
  run: (request: BulkRequest) => void;
  pending: boolean;
} {
  const client = useQueryClient();
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const run = ({ action, conversations, assignee = null }: BulkRequest) => {
    const ids = conversations.map((c) => c.id);
    const previous = new Map(conversations.map((c) => [c.id, c.assignee ?? null]));
    setPending(true);
    void sendBulk(client, {
      ids,
      action,
      ...(action === 'assign' ? { assigneeId: assignee?.id ?? null } : {}),
    })
      .then((outcome) => {
        if (!outcome) return;
        onDone(outcome.refused);
        const count = outcome.done.length;
        if (count === 0) return;
        const done = outcome.done.map((c) => c.id);
        const text = (id: string) => intl.formatMessage({ id: `conversations.bulk.done.${id}` }, { count });
        if (action === 'archive') {
          notifyUndoable(text('archive'), () => void sendBulk(client, { ids: done, action: 'unarchive' }));
        } else if (action === 'assign') {
          const message = assignee
            ? intl.formatMessage({ id: 'conversations.bulk.done.assign' }, { count, name: assignee.name })
            : text('unassign');
          notifyUndoable(message, () => void assignBack(client, previous, done, assignee));
        } else {
          notifySuccess(text(action));
        }
      })
      .finally(() => setPending(false));
  };
  return { run, pending };
}
