import { MESSAGE_PAGE_SIZE_MAX, type Message, type RealtimeEvents } from '@accueil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRealtimeEvent, useRealtimeReconnect } from '../../lib/realtime';
import { startTitleBlink } from '../../lib/title-blink';
import { conversationKeys, fetchMessages, updateConversation } from './api';
import { forgetConversation, storeConversation, storeMessage } from './cache-updates';
import { lastSeq, mergeIntoMessages, type MessagesData } from './message-cache';
import { VersionTracker } from './stale-events';

/** True when the person is looking at this conversation right now. */
function isWatching(openId: string | null, message: Message): boolean {
  return openId === message.conversationId && document.visibilityState === 'visible' && document.hasFocus();
}

/**
 * Catch-up of the open conversation after a reconnect (docs/api.md "Realtime"): every message
 * with `seq > last seq held`, page by page, then the newest page again for status changes.
 */
async function catchUp(client: ReturnType<typeof useQueryClient>, id: string): Promise<void> {
  const key = conversationKeys.messages(id);
  if (!client.getQueryData<MessagesData>(key)) return;
  for (let guard = 0; guard < 50; guard += 1) {
    const after = lastSeq(client.getQueryData<MessagesData>(key));
    const page = await fetchMessages(id, { after, limit: MESSAGE_PAGE_SIZE_MAX });
    client.setQueryData<MessagesData>(key, (data) => mergeIntoMessages(data, page.items));
    if (page.items.length < MESSAGE_PAGE_SIZE_MAX) break;
  }
  const newest = await fetchMessages(id, {});
  client.setQueryData<MessagesData>(key, (data) => mergeIntoMessages(data, newest.items));
}

/**
 * Keeps the conversations caches live (docs/api.md "Realtime"): applies message and
 * conversation events (dropping stale versions), catches up through REST after a reconnect,
 * blinks the title for a new inbound text the person is not watching, and marks the open
 * conversation read when a text arrives while they are watching it.
 */
export function useConversationsRealtime(openId: string | null): void {
  const client = useQueryClient();
  const intl = useIntl();
  const [conversations] = useState(() => new VersionTracker());
  const openRef = useRef(openId);
  useEffect(() => {
    openRef.current = openId;
  }, [openId]);

  const onMessage = useCallback(
    ({ message }: RealtimeEvents['message:created']) => {
      storeMessage(client, message);
      if (message.direction !== 'inbound') return;
      if (isWatching(openRef.current, message)) {
        updateConversation(message.conversationId, { attributes: { hasNotification: false } }).then(
          (c) => storeConversation(client, c),
          () => undefined,
        );
      } else {
        startTitleBlink(intl.formatMessage({ id: 'conversations.notice.newMessage' }));
      }
    },
    [client, intl],
  );
  const onMessageUpdated = useCallback(
    ({ message }: RealtimeEvents['message:updated']) => storeMessage(client, message),
    [client],
  );
  const onConversation = useCallback(
    ({ conversation }: RealtimeEvents['conversation:updated']) => {
      if (conversations.accept(conversation.id, conversation.version))
        storeConversation(client, conversation);
    },
    [client, conversations],
  );
  const onRemoved = useCallback(
    ({ id, version }: RealtimeEvents['conversation:removed']) => {
      if (conversations.accept(id, version)) forgetConversation(client, id);
    },
    [client, conversations],
  );
  const onReconnect = useCallback(async () => {
    const id = openRef.current;
    // A rejection tells the realtime client the catch-up failed, so it retries it (§4).
    await Promise.all([
      client.invalidateQueries({ queryKey: conversationKeys.lists() }),
      client.invalidateQueries({ queryKey: conversationKeys.unreadCounts() }),
      id ? client.invalidateQueries({ queryKey: conversationKeys.detail(id) }) : null,
      id ? catchUp(client, id) : null,
    ]);
  }, [client]);

  useRealtimeEvent('message:created', onMessage);
  useRealtimeEvent('message:updated', onMessageUpdated);
  useRealtimeEvent('conversation:updated', onConversation);
  useRealtimeEvent('conversation:removed', onRemoved);
  useRealtimeReconnect(onReconnect);
}
