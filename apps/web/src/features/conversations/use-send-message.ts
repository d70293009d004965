import type { Message } from '@accueil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
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
 */
export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const post = useCallback(
    (item: PendingMessage) => {
      sendMessage(conversationId, item.body, item.idempotencyKey, item.textBlockId, item.attachmentIds).then(
        (message) => {
          storeMessage(client, message);
          setPending((list) => list.filter((p) => p.localId !== item.localId));
        },
        (error: unknown) => {
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
    (body: string, textBlockId?: string, attachmentIds?: string[]) => {
      localCounter += 1;
      const item: PendingMessage = {
        localId: `local-${localCounter}`,
        idempotencyKey: crypto.randomUUID(),
        body,
        ...(textBlockId ? { textBlockId } : {}),
        ...(attachmentIds?.length ? { attachmentIds } : {}),
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

  return { pending, send, retry, discard, resend, resent };
}
