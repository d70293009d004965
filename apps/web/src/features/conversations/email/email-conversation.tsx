import { Alert, Center, Loader } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { flattenMessages } from '../message-cache';
import { useMessages } from '../use-conversation-queries';
import { EmailCard } from './email-card';
import { EmailReply } from './email-reply';
import classes from './email.module.css';
import { useConversationEmails } from './use-email';

/**
 * An e-mail conversation (docs/behaviour/email.md): its mails, oldest first, each with its
 * headers, parts and files, and the reply composer of the team's mailbox. Loaded on demand
 * (React.lazy) when the open conversation is of type e-mail: none of it is in the inbox's first
 * load. Messages come from the conversation's message cache (patched live like texts); their
 * e-mail details are read again whenever that list grows.
 */
export default function EmailConversation({ conversationId }: { conversationId: string }) {
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

  if (messagesQuery.isPending) {
    return (
      <Center className={classes.conversation}>
        <Loader />
      </Center>
    );
  }
  return (
    <div className={classes.conversation}>
      <div className={classes.mails} data-testid="email-conversation">
        {messages.map((message) => (
          <EmailCard key={message.id} message={message} details={details.get(message.id)} mailbox={mailbox} />
        ))}
        <div ref={bottom} />
      </div>
      {mailbox && mailbox.valid ? (
        <EmailReply
          conversationId={conversationId}
          mailbox={mailbox}
          threadSubject={threadSubject}
          signature={emails.data?.signature ?? ''}
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
