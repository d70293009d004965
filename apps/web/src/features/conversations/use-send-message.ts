import type { Message, RepliedMeanwhileDetails } from '@accueil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { sendMessage } from './api';
import { storeMessage } from './cache-updates';
import type { PendingMessage } from './message-bubble';

let localCounter = 0;

/**
 * Sending with an optimistic bubble: the text shows at once in state `sending`; the
 * server's message replaces it when the POST answers (its later statuses come by events);
 * a refused send keeps the text in a failed bubble with retry and discard, and a toast.
 * Each composed text has its own `Idempotency-Key`, reused by retry: if the first attempt did
 * reach the server (answer lost), the retry gets that message back and nothing is sent twice.
 * `resend` is for a text the carrier refused (status `failed`): the same body goes out as a
 * new message with a new key (the failed one stays failed: statuses only move forward);
 * `resent` holds the ids of the failed messages sent again from this screen.
 * A text refused because another user replied after `seenSeq` (409 `replied-meanwhile`,
 * docs/behaviour/notes-and-presence.md) leaves the list and becomes `repliedMeanwhile` (the
 * text and who replied when): `sendAnyway()` sends it without the check, `keepDraft()` drops the
 * warning (the view has put the text back in the composer).
 */
export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [repliedMeanwhile, setRepliedMeanwhile] = useState<{
    item: PendingMessage;
    details: RepliedMeanwhileDetails;
    /** When the refusal came (epoch ms). */
    at: number;
  } | null>(null);

  const post = useCallback(
    (item: PendingMessage) => {
      sendMessage(conversationId, item.body, item.idempotencyKey, item.textBlockId, item.attachmentIds, {
        ...(item.seenSeq === undefined ? {} : { seenSeq: item.seenSeq }),
        ...(item.sendAnyway ? { sendAnyway: true } : {}),
      }).then(
        (message) => {
          storeMessage(client, message);
          setPending((list) => list.filter((p) => p.localId !== item.localId));
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.code === 'replied-meanwhile') {
            setPending((list) => list.filter((p) => p.localId !== item.localId));
            setRepliedMeanwhile({ item, details: error.details as RepliedMeanwhileDetails, at: Date.now() });
            return;
          }
          setPending((list) =>
            list.map((p) => (p.localId === item.localId ? { ...p, status: 'failed' } : p)),
          );
          notifyError(error, 'conversations.error.send');
        },
      );
    },
    [client, conversationId],
  );

  const send = useCallback(
    (body: string, textBlockId?: string, attachmentIds?: string[], seenSeq?: number) => {
      localCounter += 1;
      const item: PendingMessage = {
        localId: `local-${localCounter}`,
        idempotencyKey: crypto.randomUUID(),
        body,
        ...(textBlockId ? { textBlockId } : {}),
        ...(attachmentIds?.length ? { attachmentIds } : {}),
        ...(seenSeq === undefined ? {} : { seenSeq }),
        status: 'sending',
        createdAt: new Date().toISOString(),
      };
      setPending((list) => [...list, item]);
      post(item);
    },
    [post],
  );

  const retry = useCallback(
    (localId: string) => {
      const item = pending.find((p) => p.localId === localId);
      if (!item) return;
      const again: PendingMessage = { ...item, status: 'sending' };
      setPending((list) => list.map((p) => (p.localId === localId ? again : p)));
      post(again);
    },
    [pending, post],
  );

  const [resent, setResent] = useState<ReadonlySet<string>>(() => new Set());
  const resend = useCallback(
    (failed: Message) => {
      if (resent.has(failed.id)) return;
      setResent((ids) => new Set(ids).add(failed.id));
      send(failed.body);
    },
    [resent, send],
  );

  const discard = useCallback(
    (localId: string) => setPending((list) => list.filter((p) => p.localId !== localId)),
    [],
  );

  const sendAnyway = useCallback(() => {
    if (!repliedMeanwhile) return;
    const again: PendingMessage = { ...repliedMeanwhile.item, sendAnyway: true, status: 'sending' };
    setRepliedMeanwhile(null);
    setPending((list) => [...list, again]);
    post(again);
  }, [repliedMeanwhile, post]);
  const keepDraft = useCallback(() => setRepliedMeanwhile(null), []);

  return { pending, send, retry, discard, resend, resent, repliedMeanwhile, sendAnyway, keepDraft };
}
