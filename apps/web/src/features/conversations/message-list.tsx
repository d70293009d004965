import type { Message } from '@accueil/domain';
import { Badge, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate } from '../../lib/format';
import classes from './conversations.module.css';
import { CallEntry } from './call-entry';
import { interleaveTimeline } from './call-timeline';
import { MessageBubble, PendingBubble, type PendingMessage } from './message-bubble';
import { flattenMessages } from './message-cache';
import { pendingStillShown } from './pending-shown';
import { useConversationCalls } from './use-conversation-calls';
import { useMessages } from './use-conversation-queries';

/** Distance from the top (px) at which older messages start loading. */
const LOAD_OLDER_THRESHOLD_PX = 120;
/** Distance from the bottom (px) under which the reader counts as "at the latest message". */
const STICK_TO_BOTTOM_PX = 80;

/** Props of {@link MessageList}. */
export interface MessageListProps {
  conversationId: string;
  pending: PendingMessage[];
  onRetry: (localId: string) => void;
  onDiscard: (localId: string) => void;
  /** Sends a failed text again as a new message. */
  onResend?: (message: Message) => void;
  /** Ids of the failed texts already sent again from this screen. */
  resent?: ReadonlySet<string>;
}

interface ScrollMemo {
  height: number;
  top: number;
  firstSeq: number | undefined;
  count: number;
  atBottom: boolean;
}

/**
 * The messages of the open conversation with its calls among them by time (`interleaveTimeline`), 15 messages at a time, older ones loaded on scroll up
 * while keeping the reader's place; day separators (DD / MM / YYYY); a new message scrolls
 * into view when the reader is at the bottom; a failed load shows a retry.
 */
export function MessageList({
  conversationId,
  pending,
  onRetry,
  onDiscard,
  onResend,
  resent,
}: MessageListProps) {
  const intl = useIntl();
  const query = useMessages(conversationId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const calls = useConversationCalls(conversationId);
  const timeline = useMemo(
    () => interleaveTimeline(messages, calls, !hasNextPage),
    [messages, calls, hasNextPage],
  );
  const ref = useRef<HTMLDivElement>(null);
  const memo = useRef<ScrollMemo | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const prev = memo.current;
    const firstSeq = messages[0]?.seq;
    const count = timeline.length + pending.length;
    if (!prev || prev.count === 0) {
      el.scrollTop = el.scrollHeight;
    } else if (prev.firstSeq !== undefined && firstSeq !== undefined && firstSeq < prev.firstSeq) {
      el.scrollTop = el.scrollHeight - prev.height + prev.top; // older page prepended: stay in place
    } else if (count > prev.count && prev.atBottom) {
      el.scrollTop = el.scrollHeight;
    }
    memo.current = {
      height: el.scrollHeight,
      top: el.scrollTop,
      firstSeq,
      count,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX,
    };
  }, [messages, timeline, pending]);

  useLayoutEffect(() => {
    // A short first page does not scroll, so scrolling up can never ask for older messages.
    const el = ref.current;
    if (
      el &&
      el.scrollHeight <= el.clientHeight &&
      hasNextPage &&
      !isFetchingNextPage &&
      !query.isFetchNextPageError
    ) {
      void fetchNextPage();
    }
  }, [messages, hasNextPage, isFetchingNextPage, fetchNextPage, query.isFetchNextPageError]);

  const onScroll = () => {
    const el = ref.current;
    if (!el || !memo.current) return;
    memo.current.top = el.scrollTop;
    memo.current.height = el.scrollHeight;
    memo.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
    if (
      el.scrollTop < LOAD_OLDER_THRESHOLD_PX &&
      hasNextPage &&
      !isFetchingNextPage &&
      !query.isFetchNextPageError
    ) {
      void fetchNextPage();
    }
  };

  if (query.isPending) {
    return (
      <Center className={classes.messages}>
        <Loader />
      </Center>
    );
  }
  if (query.isError && messages.length === 0) {
    return (
      <Center className={classes.messages}>
        <Stack align="center" gap="sm">
          <IconAlertTriangle size={32} color="var(--mantine-color-red-6)" />
          <Text>
            <FormattedMessage id="conversations.messages.loadFailed" />
          </Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            <FormattedMessage id="conversations.action.retry" />
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    // A log the keyboard can reach and scroll with the arrow keys: a conversation of texts with
    // no link or button in sight has nothing else to focus (axe: scrollable-region-focusable).
    <div
      ref={ref}
      className={classes.messages}
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: 'conversations.messages.region' })}
      tabIndex={0}
    >
      {isFetchingNextPage && (
        <Center py="xs">
          <Loader size="sm" />
        </Center>
      )}
      {query.isFetchNextPageError && (
        <Center py="xs">
          <Button size="compact-sm" variant="light" color="red" onClick={() => void fetchNextPage()}>
            <FormattedMessage id="conversations.messages.olderFailed" />
          </Button>
        </Center>
      )}
      {!hasNextPage && messages.length > 0 && (
        <Text size="xs" c="dimmed" ta="center" py="xs">
          <FormattedMessage id="conversations.messages.start" />
        </Text>
      )}
      {timeline.length === 0 && pending.length === 0 && (
        <Text c="dimmed" ta="center" mt="xl">
          <FormattedMessage id="conversations.messages.empty" />
        </Text>
      )}
      {timeline.map((entry, i) => {
        const day = formatDate(entry.at);
        const showDay = i === 0 || formatDate(timeline[i - 1]!.at) !== day;
        return (
          <Fragment key={entry.kind === 'call' ? `call-${entry.call.id}` : entry.message.id}>
            {showDay && (
              <div className={classes.daySeparator}>
                <Badge variant="default" radius="sm" fw={500}>
                  {day}
                </Badge>
              </div>
            )}
            {entry.kind === 'call' ? (
              <CallEntry call={entry.call} />
            ) : (
              <MessageBubble
                message={entry.message}
                onResend={onResend}
                resent={resent?.has(entry.message.id)}
              />
            )}
          </Fragment>
        );
      })}
      {pendingStillShown(pending, messages).map((p) => (
        <PendingBubble
          key={p.localId}
          pending={p}
          onRetry={() => onRetry(p.localId)}
          onDiscard={() => onDiscard(p.localId)}
        />
      ))}
    </div>
  );
}
