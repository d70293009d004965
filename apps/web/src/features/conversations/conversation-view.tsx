import type { Conversation } from '@accueil/domain';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError } from '../../lib/api';
import { Composer } from './composer';
import { useFlowLocked } from './flow-lock';
import { ContactPanel } from './contact-panel';
import { ConversationHeader } from './conversation-header';
import classes from './conversations.module.css';
import { MessageList } from './message-list';
import { useAssign } from './use-assign';
import { useConversationActions } from './use-conversation-actions';
import { useConversation } from './use-conversation-queries';
import { useSendMessage } from './use-send-message';
import { useReadMentions } from './notes/use-read-mentions';
import { TypingStatus } from './collision/typing-status';
import { useCollision } from './collision/use-collision';
import { useSeenSeq } from './collision/use-seen-seq';

// Collision warnings (docs/behaviour/notes-and-presence.md): loaded when someone else views, or a send is refused.
const CollisionViewers = lazy(() => import('./collision/collision-viewers'));
const RepliedMeanwhileDialog = lazy(() => import('./collision/replied-meanwhile-dialog'));

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
  /** Archives or unarchives it (the screen opens the next conversation after archiving). */
  onArchive: (conversation: Conversation) => void;
}

/**
 * The open conversation (header, messages, composer) and the contact panel beside it.
 * Opening it marks it read and clears its incomplete-follow-up flag
 * (`PUT { attributes: { hasNotification: false, hasIncompleteFollowup: false } }`, docs/api.md),
 * and reads the user's mentions in it (`useReadMentions`).
 * While the contact answers a follow-up, the composer is disabled and says why.
 * Collision warnings (docs/behaviour/notes-and-presence.md): who else views it (the header) and
 * types in it (under the composer); a reply refused because a colleague replied meanwhile asks
 * whether to send anyway, its text back in the composer.
 */
export function ConversationView({
  id,
  panelOpen,
  onTogglePanel,
  onClose,
  onArchive,
}: ConversationViewProps) {
  const query = useConversation(id);
  const conversation = query.data;
  const actions = useConversationActions();
  const { run } = actions;
  const assign = useAssign();
  const sender = useSendMessage(id);
  const markedFor = useRef<string | null>(null);
  const flowLocked = useFlowLocked(query.data?.flowLockedUntil ?? null);
  useReadMentions(conversation?.id);
  const collision = useCollision(id);
  const seen = useSeenSeq(id, conversation?.lastSeq);
  const [draft, setDraft] = useState<{ text: string } | null>(null);
  // A keystroke in either composer: others see the user typing; a reply's draft starts here.
  const typed = (mode: 'reply' | 'note') => {
    collision.typed();
    if (mode === 'reply') seen.began();
  };
  const refused = sender.repliedMeanwhile;
  // A refused text goes back into the composer once, when the refusal comes (not a quick
  // message's or files': those are sent again by "Send anyway" only).
  const [shownRefusal, setShownRefusal] = useState(refused);
  if (refused !== shownRefusal) {
    setShownRefusal(refused);
    if (refused && !refused.item.textBlockId && !refused.item.attachmentIds)
      setDraft({ text: refused.item.body });
  }

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
          onAction={(action) =>
            action === 'archive' || action === 'unarchive'
              ? onArchive(conversation)
              : run(conversation.id, action)
          }
          onAssign={(assignee) => assign(conversation, assignee)}
          panelOpen={panelOpen}
          onTogglePanel={onTogglePanel}
          viewers={
            collision.viewers.length > 0 && (
              <Suspense fallback={null}>
                <CollisionViewers viewers={collision.viewers} />
              </Suspense>
            )
          }
        />
        {conversation.attributes.type === 'email' ? (
          <Suspense fallback={null}>
            <EmailConversation
              conversationId={id}
              onTyping={typed}
              takeSeenSeq={seen.take}
              activity={<TypingStatus typers={collision.typers} />}
            />
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
              onSend={(body, textBlockId, attachmentIds) =>
                sender.send(body, textBlockId, attachmentIds, seen.take())
              }
              onTyping={typed}
              activity={<TypingStatus typers={collision.typers} />}
              draft={draft}
              contact={conversation.contact}
              disabled={flowLocked}
              secureFiles={{ conversationId: conversation.id, email: conversation.contact?.email ?? null }}
              notesFor={conversation.id}
            />
          </>
        )}
      </section>
      {panelOpen && <ContactPanel conversation={conversation} />}
      {refused && (
        <Suspense fallback={null}>
          <RepliedMeanwhileDialog
            details={refused.details}
            now={refused.at}
            onSendAnyway={() => {
              sender.sendAnyway();
              setDraft({ text: '' });
            }}
            onCancel={sender.keepDraft}
          />
        </Suspense>
      )}
    </>
  );
}
