import { Alert, Center, Group, Loader, SegmentedControl } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { COMPOSE_NOTE_EVENT } from '../composer';
import { flattenMessages } from '../message-cache';
import { useMessages } from '../use-conversation-queries';
import { NoteCard } from '../notes/note-card';
import { NoteComposer } from '../notes/note-composer';
import { EmailCard } from './email-card';
import { EmailReply } from './email-reply';
import classes from './email.module.css';
import { useConversationEmails } from './use-email';

/**
 * An e-mail conversation (docs/behaviour/email.md): its mails, oldest first, each with its
 * headers, parts and files, and the reply composer of the team's mailbox. Loaded on demand
 * (React.lazy) when the open conversation is of type e-mail: none of it is in the inbox's first
 * load. Messages come from the conversation's message cache (patched live like texts); their
 * e-mail details are read again whenever that list grows. Internal notes show among the mails
 * (`NoteCard`), and Reply | Note switches the composer (docs/behaviour/notes-and-presence.md).
 */
export default function EmailConversation({
  conversationId,
  onTyping,
  takeSeenSeq,
  activity,
}: {
  conversationId: string;
  /** Called on every keystroke of the reply or note (collision: typing, the reply's start). */
  onTyping?: (mode: 'reply' | 'note') => void;
  /** The reply's seen seq at its send (`useSeenSeq().take`). */
  takeSeenSeq?: () => number | undefined;
  /** Who else is typing, under the composer. */
  activity?: ReactNode;
}) {
  const messagesQuery = useMessages(conversationId);
  const messages = useMemo(() => flattenMessages(messagesQuery.data), [messagesQuery.data]);
  const failed = messages.filter((m) => m.status === 'failed').length;
  const emails = useConversationEmails(conversationId, messages.length, failed);
  const details = useMemo(
    () => new Map((emails.data?.items ?? []).map((e) => [e.messageId, e])),
    [emails.data],
  );
  const mailbox = emails.data?.mailbox ?? null;
  const bottom = useRef<HTMLDivElement>(null);
  // A block body: Chromium's scrollIntoView now answers a promise, which React would take for a cleanup.
  useEffect(() => {
    void bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  const threadSubject = emails.data?.items.at(-1)?.subject ?? '';
  const intl = useIntl();
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  useEffect(() => {
    const toNote = () => setMode('note');
    document.addEventListener(COMPOSE_NOTE_EVENT, toNote);
    return () => document.removeEventListener(COMPOSE_NOTE_EVENT, toNote);
  }, []);

  if (messagesQuery.isPending) {
    return (
      <Center className={classes.conversation}>
        <Loader />
      </Center>
    );
  }
  return (
    <div className={classes.conversation}>
      {/* Focusable, so that the keyboard can scroll the mails (axe scrollable-region-focusable:
          a thread taller than the view, with no link or button in its visible part). */}
      <div
        className={classes.mails}
        data-testid="email-conversation"
        tabIndex={0}
        role="group"
        aria-label={intl.formatMessage({ id: 'email.conversation.mails' })}
      >
        {messages.map((message) =>
          message.direction === 'note' ? (
            <NoteCard key={message.id} message={message} />
          ) : (
            <EmailCard
              key={message.id}
              message={message}
              details={details.get(message.id)}
              mailbox={mailbox}
            />
          ),
        )}
        <div ref={bottom} />
      </div>
      <SegmentedControl
        size="xs"
        mx="sm"
        mt="xs"
        value={mode}
        onChange={(value) => setMode(value)}
        aria-label={intl.formatMessage({ id: 'notes.composer.mode' })}
        data={[
          { value: 'reply', label: intl.formatMessage({ id: 'notes.composer.reply' }) },
          { value: 'note', label: intl.formatMessage({ id: 'notes.composer.note' }) },
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-testid="composer-mode"
      />
      {mode === 'note' ? (
        <div onInput={() => onTyping?.('note')}>
          <Group align="flex-end" gap="sm" wrap="nowrap" p="sm">
            <NoteComposer conversationId={conversationId} autoFocus />
          </Group>
          {activity}
        </div>
      ) : mailbox && mailbox.valid ? (
        <EmailReply
          conversationId={conversationId}
          mailbox={mailbox}
          threadSubject={threadSubject}
          signature={emails.data?.signature ?? ''}
          onTyping={() => onTyping?.('reply')}
          takeSeenSeq={takeSeenSeq}
          activity={activity}
        />
      ) : (
        emails.data && (
          <Alert color="orange" m="sm" data-testid="email-disconnected">
            <FormattedMessage id="email.mailboxDisconnected" />
          </Alert>
        )
      )}
    </div>
  );
}
