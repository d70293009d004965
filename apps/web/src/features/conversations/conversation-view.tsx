import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../../lib/api';
import { Composer } from './composer';
import { ContactPanel } from './contact-panel';
import { ConversationHeader } from './conversation-header';
import classes from './conversations.module.css';
import { MessageList } from './message-list';
import { useConversationActions } from './use-conversation-actions';
import { useConversation } from './use-conversation-queries';
import { useSendMessage } from './use-send-message';

/** Props of {@link ConversationView}. */
export interface ConversationViewProps {
  id: string;
  panelOpen: boolean;
  onTogglePanel: () => void;
  onClose: () => void;
}

/**
 * The open conversation (header, messages, composer) and the contact panel beside it.
 * Opening it marks it read (`PUT { attributes: { hasNotification: false } }`, docs/api.md).
 */
export function ConversationView({ id, panelOpen, onTogglePanel, onClose }: ConversationViewProps) {
  const query = useConversation(id);
  const conversation = query.data;
  const actions = useConversationActions();
  const { run } = actions;
  const sender = useSendMessage(id);
  const markedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!conversation || markedFor.current === conversation.id) return;
    markedFor.current = conversation.id;
    if (conversation.attributes.hasNotification) run(conversation.id, 'mark-read', true);
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
        <MessageList
          conversationId={id}
          pending={sender.pending}
          onRetry={sender.retry}
          onDiscard={sender.discard}
          onResend={sender.resend}
          resent={sender.resent}
        />
        <Composer onSend={sender.send} />
      </section>
      {panelOpen && <ContactPanel conversation={conversation} />}
    </>
  );
}
