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
import { useNavigate } from 'react-router';
import { notifyInfo } from '../../lib/notify';
import { useRealtimeEvent, useRealtimeReconnect } from '../../lib/realtime';
import { useCurrentUser } from '../../lib/session';
import { conversationKeys, fetchMessages, updateConversation } from './api';
import { forgetConversation, storeConversation, storeMessage } from './cache-updates';
import { conversationTitle } from './display';
import { hasSeqHole, lastSeq, mergeIntoMessages, type MessagesData } from './message-cache';
import { VersionTracker } from './stale-events';

/** The toast of each `inbox:notification` kind that has one (`inbound-text` has the inbound chime instead). */
const NOTIFICATION_TEXT: Record<
  Exclude<RealtimeEvents['inbox:notification']['kind'], 'inbound-text'>,
  string
> = {
  assigned: 'conversations.toast.assignedToYou',
  mention: 'notes.toast.mentioned',
  'snooze-ended': 'conversations.toast.snoozeEnded',
};

/**
 * The desktop notification's title of each kind that sounds and shows on the desktop
 * (docs/behaviour/notifications.md); its body is the toast's text, or for a text the contact.
 */
const DESKTOP_TITLE: Record<Exclude<RealtimeEvents['inbox:notification']['kind'], 'snooze-ended'>, string> = {
  assigned: 'conversations.desktop.assigned',
  mention: 'conversations.desktop.mention',
  'inbound-text': 'conversations.desktop.inboundText',
};

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
  const navigate = useNavigate();
  const userId = useCurrentUser()?.id ?? null;
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
        // On a conversation assigned to the person, their own inbox:notification sounds and
        // shows it (onNotification): here only the title blinks, so nothing comes twice.
        const notice = intl.formatMessage({ id: 'conversations.notice.newMessage' });
        const mine = userId !== null && conversation.assignee?.id === userId;
        void import('../../lib/inbound-notice').then((m) => m.announceInbound(notice, mine));
      }
    },
    [applyConversation, client, intl, repairHoles, userId],
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
  // Someone else assigned the person a conversation (docs/behaviour/assignment.md), mentioned
  // them in a note (docs/behaviour/notes-and-presence.md), or one of theirs woke from its snooze
  // (docs/behaviour/snooze.md): the row takes it like any change, and a toast says who and which,
  // with a button that opens it.
  // Assignments, mentions and texts on their conversations also sound and, while the tab is out
  // of sight, show on the desktop (docs/behaviour/notifications.md), as this browser's
  // preferences say; clicking the desktop notification opens the conversation.
  const onNotification = useCallback(
    (notification: RealtimeEvents['inbox:notification']) => {
      const { kind, conversation } = notification;
      applyConversation(conversation);
      const contact = conversationTitle(conversation, intl);
      const text =
        kind === 'inbound-text'
          ? intl.formatMessage({ id: 'conversations.desktop.inboundText.body' }, { contact })
          : intl.formatMessage({ id: NOTIFICATION_TEXT[kind] }, { by: notification.by?.name ?? '', contact });
      const open = () => void navigate(`/conversations/${encodeURIComponent(conversation.id)}`);
      // The toast's "Open" goes to the conversation, as the desktop notification's click does.
      if (kind !== 'inbound-text')
        notifyInfo(text, { label: intl.formatMessage({ id: 'conversations.toast.open' }), onClick: open });
      if (kind === 'snooze-ended') return;
      const announced = {
        kind,
        conversationId: conversation.id,
        title: intl.formatMessage({ id: DESKTOP_TITLE[kind] }),
        body: text,
        onOpen: open,
      };
      void import('../../lib/inbound-notice').then((m) => m.announceNotification(announced));
    },
    [applyConversation, intl, navigate],
  );
  const onReconnect = useCallback(async () => {
    const id = openRef.current;
    // A rejection tells the realtime client the catch-up failed, so it retries it.
    await Promise.all([
      client.invalidateQueries({ queryKey: conversationKeys.lists() }),
      client.invalidateQueries({ queryKey: conversationKeys.unreadCounts() }),
      client.invalidateQueries({ queryKey: conversationKeys.viewCounts() }),
      id ? client.invalidateQueries({ queryKey: conversationKeys.detail(id) }) : null,
      id ? catchUp(client, id) : null,
    ]);
  }, [client]);

  useRealtimeEvent('message:created', onMessage);
  useRealtimeEvent('message:updated', onMessageUpdated);
  useRealtimeEvent('conversation:updated', onConversation);
  useRealtimeEvent('conversation:removed', onRemoved);
  useRealtimeEvent('inbox:notification', onNotification);
  // An administrator changed the organisation's labels (docs/behaviour/labels.md): the labels and
  // every list and conversation showing them are read again.
  useRealtimeEvent('labels:changed', () => void client.invalidateQueries({ queryKey: conversationKeys.all }));
  useRealtimeReconnect(onReconnect);
}
