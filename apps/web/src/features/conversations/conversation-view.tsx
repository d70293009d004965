import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../../lib/api';
import { Composer } from './composer';
import { useFlowLocked } from './flow-lock';
import { ContactPanel } from './contact-panel';
import { ConversationHeader } from './conversation-header';
import classes from './conversations.module.css';
import { MessageList } from './message-list';
import { useConversationActions } from './use-conversation-actions';
import { useConversation } from './use-conversation-queries';
import { useSendMessage } from './use-send-message';

// Its own chunk: the scheduled messages' schemas and form stay out of the inbox's first load.
const ScheduledStrip = lazy(() =>
  import('../scheduled-messages/scheduled-strip').then((m) => ({ default: m.ScheduledStrip })),
);

// Only a conversation whose contact answers a follow-up needs it.
const FlowLockNotice = lazy(() => import('./flow-lock-notice'));

// Only an e-mail conversation needs it: its frame, composer and schemas stay out of the first load.
const EmailConversation = lazy(() => import('./email/email-conversation'));

/** Props of {@link ConversationView}. */
export interface ConversationViewProps {
  id: string;
  panelOpen: boolean;
  onTogglePanel: () => void;
  onClose: () => void;
}

/**
 * The open conversation (header, messages, composer) and the contact panel beside it.
 * Opening it marks it read and clears its incomplete-follow-up flag
 * (`PUT { attributes: { hasNotification: false, hasIncompleteFollowup: false } }`, docs/api.md).
 * While the contact answers a follow-up, the composer is disabled and says why.
 */
export function ConversationView({ id, panelOpen, onTogglePanel, onClose }: ConversationViewProps) {
  const query = useConversation(id);
  const conversation = query.data;
  const actions = useConversationActions();
  const { run } = actions;
  const sender = useSendMessage(id);
  const markedFor = useRef<string | null>(null);
  const flowLocked = useFlowLocked(query.data?.flowLockedUntil ?? null);

  useEffect(() => {
    if (!conversation || markedFor.current === conversation.id) return;
    markedFor.current = conversation.id;
    const { hasNotification, hasIncompleteFollowup } = conversation.attributes;
    if (hasNotification || hasIncompleteFollowup) run(conversation.id, 'opened', true);
  }, [conversation, run]);

  if (query.isPending) {
    return (
      <Center className={classes.view}>
        <Loader />
      </Center>
    );
  }
  if (!conversation) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Center className={classes.view}>
        <Stack align="center" gap="sm">
          <IconMessages size={40} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">
            <FormattedMessage
              id={notFound ? 'conversations.view.notFound' : 'conversations.view.loadFailed'}
            />
          </Text>
          <Button variant="light" onClick={notFound ? onClose : () => void query.refetch()}>
            <FormattedMessage
              id={notFound ? 'conversations.view.backToList' : 'conversations.action.retry'}
            />
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <>
      <section className={classes.view}>
        <ConversationHeader
          conversation={conversation}
          onAction={(action) => run(conversation.id, action)}
          panelOpen={panelOpen}
          onTogglePanel={onTogglePanel}
        />
        {conversation.attributes.type === 'email' ? (
          <Suspense fallback={null}>
            <EmailConversation conversationId={id} />
          </Suspense>
        ) : (
          <>
            <MessageList
              conversationId={id}
              pending={sender.pending}
              onRetry={sender.retry}
              onDiscard={sender.discard}
              onResend={sender.resend}
              resent={sender.resent}
            />
            <Suspense fallback={null}>
              <ScheduledStrip conversationId={id} />
            </Suspense>
            {flowLocked && (
              <Suspense fallback={null}>
                <FlowLockNotice until={conversation.flowLockedUntil ?? null} />
              </Suspense>
            )}
            <Composer
              onSend={sender.send}
              contact={conversation.contact}
              disabled={flowLocked}
              secureFiles={{ conversationId: conversation.id, email: conversation.contact?.email ?? null }}
            />
          </>
        )}
      </section>
      {panelOpen && <ContactPanel conversation={conversation} />}
    </>
  );
}
