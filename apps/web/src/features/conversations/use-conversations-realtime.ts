import {
  CATCH_UP_HOLE_GRACE_MS,
  MESSAGE_PAGE_SIZE_MAX,
  type Conversation,
  type Message,
  type RealtimeEvents,
} from '@accueil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { notifyInfo } from '../../lib/notify';
import { useRealtimeEvent, useRealtimeReconnect } from '../../lib/realtime';
import { conversationKeys, fetchMessages, updateConversation } from './api';
import { forgetConversation, storeConversation, storeMessage } from './cache-updates';
import { conversationTitle } from './display';
import { hasSeqHole, lastSeq, mergeIntoMessages, type MessagesData } from './message-cache';
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
 * Fetches what is missing when an event leaves a hole in the open conversation's seqs that is
 * still there after CATCH_UP_HOLE_GRACE_MS (a lost event, not one merely overtaken). Returns
 * the check to run after each message event; pending timers end with the component.
 */
function useHoleRepair(client: ReturnType<typeof useQueryClient>): (conversationId: string) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (id: string) => {
      const holed = () => hasSeqHole(client.getQueryData<MessagesData>(conversationKeys.messages(id)));
      if (timer.current || !holed()) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        if (holed()) catchUp(client, id).catch(() => undefined); // the next event or reconnect retries
      }, CATCH_UP_HOLE_GRACE_MS);
    },
    [client],
  );
}

/**
 * Keeps the conversations caches live (docs/api.md "Realtime"): applies message and
 * conversation events (dropping stale versions), catches up through REST after a reconnect
 * and when a hole in the open conversation's seqs lasts (`useHoleRepair`), blinks the title for a new inbound text the person is not watching, and marks the open
 * conversation read when a text arrives while they are watching it.
 */
export function useConversationsRealtime(openId: string | null): void {
  const client = useQueryClient();
  const intl = useIntl();
  const [conversations] = useState(() => new VersionTracker());
  const openRef = useRef(openId);
  const repairHoles = useHoleRepair(client);
  useEffect(() => {
    openRef.current = openId;
  }, [openId]);

  /** A conversation from an event, unless an equal or newer version is already held. */
  const applyConversation = useCallback(
    (conversation: Conversation) => {
      if (conversations.accept(conversation.id, conversation.version))
        storeConversation(client, conversation);
    },
    [client, conversations],
  );
  const onMessage = useCallback(
    ({ message, conversation }: RealtimeEvents['message:created']) => {
      storeMessage(client, message);
      // The conversation as this message left it (no separate conversation:updated follows).
      applyConversation(conversation);
      if (message.conversationId === openRef.current) repairHoles(message.conversationId);
      if (message.direction !== 'inbound') return;
      if (isWatching(openRef.current, message)) {
        updateConversation(message.conversationId, { attributes: { hasNotification: false } }).then(
          (c) => storeConversation(client, c),
          () => undefined,
        );
      } else {
        // The announcement (preferences, chime, desktop notification) loads on the first text.
        const notice = intl.formatMessage({ id: 'conversations.notice.newMessage' });
        void import('../../lib/inbound-notice').then((m) => m.announceInbound(notice));
      }
    },
    [applyConversation, client, intl, repairHoles],
  );
  const onMessageUpdated = useCallback(
    ({ message }: RealtimeEvents['message:updated']) => storeMessage(client, message),
    [client],
  );
  const onConversation = useCallback(
    ({ conversation }: RealtimeEvents['conversation:updated']) => applyConversation(conversation),
    [applyConversation],
  );
  const onRemoved = useCallback(
    ({ id, version }: RealtimeEvents['conversation:removed']) => {
      if (conversations.accept(id, version)) forgetConversation(client, id);
    },
    [client, conversations],
  );
  // Someone else assigned the person a conversation (docs/behaviour/assignment.md): the row
  // takes it like any change, and a toast says who and which.
  const onNotification = useCallback(
    (notification: RealtimeEvents['inbox:notification']) => {
      applyConversation(notification.conversation);
      if (notification.kind !== 'assigned') return;
      notifyInfo(
        intl.formatMessage(
          { id: 'conversations.toast.assignedToYou' },
          { by: notification.by?.name ?? '', contact: conversationTitle(notification.conversation, intl) },
        ),
      );
    },
    [applyConversation, intl],
  );
  const onReconnect = useCallback(async () => {
    const id = openRef.current;
    // A rejection tells the realtime client the catch-up failed, so it retries it.
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
  useRealtimeEvent('inbox:notification', onNotification);
  useRealtimeReconnect(onReconnect);
}
