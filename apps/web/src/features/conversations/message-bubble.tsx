import type { Message, MessageStatus } from '@accueil/domain';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconChecks,
  IconClock,
  IconHelpCircle,
  IconPhotoOff,
} from '@tabler/icons-react';
import { Suspense, lazy, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatTime } from '../../lib/format';
import classes from './conversations.module.css';
import { FailureNotice } from './failure-notice';
import { SecureFileCard } from './secure-file-card';

// Links are found by linkifyjs, fetched after the first messages show: until then a body is the
// same text without its links.
const MessageText = lazy(() => import('./message-text').then((m) => ({ default: m.MessageText })));
const MessageMedia = lazy(() => import('./attachments/message-media'));
const NoteCard = lazy(() => import('./notes/note-card'));

/** A text typed here and not yet accepted by the server (optimistic), or refused by it. */
export interface PendingMessage {
  localId: string;
  /** Sent as `Idempotency-Key`: made when the text is composed, reused on every retry. */
  idempotencyKey: string;
  body: string;
  /** A quick message's id: sent by id (its body here is the preview, tokens filled). */
  textBlockId?: string;
  /** A multimedia message's uploaded attachments (no text). */
  attachmentIds?: string[];
  /** The conversation's last seq the writer had seen when they began (the replied-meanwhile check). */
  seenSeq?: number;
  /** Sent after the replied-meanwhile warning: no check. */
  sendAnyway?: boolean;
  status: 'sending' | 'failed';
  createdAt: string;
}

const STATUS_ICONS: Partial<Record<MessageStatus, ReactNode>> = {
  sending: <IconClock size={12} />,
  sent: <IconCheck size={12} />,
  delivered: <IconChecks size={12} />,
  failed: <IconAlertCircle size={12} />,
  unknown: <IconHelpCircle size={12} />,
};

function StatusLine({
  status,
  time,
  author,
}: {
  status: MessageStatus;
  time: string;
  author?: string | null;
}) {
  const intl = useIntl();
  return (
    <div className={classes.bubbleMeta}>
      {author && <span>{author} ·</span>}
      <span>{time}</span>
      {status !== 'received' && (
        <Group gap={2} wrap="nowrap" component="span">
          {STATUS_ICONS[status]}
          <span>{intl.formatMessage({ id: `conversations.status.${status}` })}</span>
        </Group>
      )}
    </div>
  );
}

/** Props of {@link MessageBubble}. */
export interface MessageBubbleProps {
  message: Message;
  /** Sends a failed text's body again as a new message (see {@link FailureNotice}). */
  onResend?: (message: Message) => void;
  /** True once this failed text was sent again from this screen. */
  resent?: boolean;
}

/**
 * One message: inbound on the left, outbound on the right, an internal note across the thread
 * (`NoteCard`), its time, and for outbound
 * texts their status (sending, sent, delivered, failed, unknown when the carrier's answer was
 * lost); a failed text says why in words and offers to send it again. Links to media
 * attachments.
 */
export function MessageBubble({ message, onResend, resent }: MessageBubbleProps) {
  // An internal note is no bubble: nobody was sent it (docs/behaviour/notes-and-presence.md).
  if (message.direction === 'note')
    return (
      <Suspense fallback={null}>
        <NoteCard message={message} />
      </Suspense>
    );
  return <TextBubble message={message} onResend={onResend} resent={resent} />;
}

/** A text or e-mail's bubble (see {@link MessageBubble}). */
function TextBubble({ message, onResend, resent }: MessageBubbleProps) {
  const intl = useIntl();
  const failed = message.status === 'failed';
  // Files the app keeps show as thumbnails and downloads; an inbound media not kept yet says it
  // is on its way, or unavailable (the carrier's address is never shown: never hot-linked).
  const kept = message.media.filter((m) => m.attachmentId);
  const waiting = message.media.filter((m) => !m.attachmentId);
  return (
    <div className={classes.bubbleRow} data-direction={message.direction} data-failed={failed || undefined}>
      <div className={classes.bubble}>
        {message.secureFile && (
          <SecureFileCard secureFile={message.secureFile} inbound={message.direction === 'inbound'} />
        )}
        {message.body && (
          <Text size="sm" inherit component="div" className={classes.bubbleText}>
            <Suspense fallback={message.body}>
              <MessageText body={message.body} />
            </Suspense>
          </Text>
        )}
        {kept.length > 0 && (
          <Suspense fallback={null}>
            <MessageMedia media={kept} />
          </Suspense>
        )}
        {waiting.length > 0 && (
          <Stack gap={2} mt={message.body ? 4 : 0}>
            {waiting.map((m, i) => (
              <Group
                key={i}
                gap={4}
                wrap="nowrap"
                c="dimmed"
                data-media-state={m.unavailable ? 'unavailable' : 'pending'}
              >
                {m.unavailable ? <IconPhotoOff size={14} aria-hidden /> : <Loader size={12} aria-hidden />}
                <Text size="sm" inherit component="span">
                  {intl.formatMessage(
                    {
                      id: m.unavailable
                        ? m.contentType.startsWith('image/')
                          ? 'conversations.message.pictureUnavailable'
                          : 'conversations.message.mediaUnavailable'
                        : 'conversations.message.mediaPending',
                    },
                    { n: i + 1 },
                  )}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <StatusLine
          status={message.status}
          time={formatTime(message.createdAt)}
          author={
            message.automatic
              ? intl.formatMessage({ id: 'conversations.message.automatic' })
              : message.direction === 'outbound'
                ? message.authorName
                : null
          }
        />
        {failed && (
          <FailureNotice
            errorCode={message.errorCode}
            onResend={onResend && message.body ? () => onResend(message) : undefined}
            resent={resent}
          />
        )}
      </div>
    </div>
  );
}

/** An optimistic bubble; a failed one keeps its text and offers retry or discard. */
export function PendingBubble({
  pending,
  onRetry,
  onDiscard,
}: {
  pending: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const intl = useIntl();
  const failed = pending.status === 'failed';
  return (
    <div className={classes.bubbleRow} data-direction="outbound" data-failed={failed || undefined}>
      <div className={classes.bubble}>
        <Text size="sm" inherit component="div">
          {pending.body}
        </Text>
        <StatusLine status={pending.status} time={formatTime(pending.createdAt)} />
        {failed && (
          <Group gap={6} justify="flex-end" mt={6}>
            <Button size="compact-xs" variant="white" color="red" onClick={onDiscard}>
              {intl.formatMessage({ id: 'conversations.action.discard' })}
            </Button>
            <Button size="compact-xs" color="red" onClick={onRetry}>
              {intl.formatMessage({ id: 'conversations.action.retry' })}
            </Button>
          </Group>
        )}
      </div>
    </div>
  );
}
