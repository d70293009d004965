import { SUPPORTED_COUNTRIES, type Conversation } from '@accueil/domain';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconMessageCirclePlus, IconMessages } from '@tabler/icons-react';
import type { CountryCode } from 'libphonenumber-js';
import { Suspense, lazy, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { deferred } from '../../app/deferred';
import { usePreloadWhenIdle } from '../../app/idle';
import { useSession } from '../../lib/session';
import { nextAfterArchive, type InboxList } from './conversation-order';
import type { InboxListHandle } from './conversation-list';
import { ConversationListColumn } from './conversation-list-column';
import type { InboxView } from './conversation-views';
import classes from './conversations.module.css';
import { useCloseOnTeamSwitch } from './use-close-on-team-switch';
import { useConversationActions } from './use-conversation-actions';
import { useConversationsRealtime } from './use-conversations-realtime';

// Opened on demand: the dialog validates numbers with every country's metadata, which the inbox's
// first load does not carry (docs/behaviour/web-app.md, "Delivery").
const NewConversationDialog = lazy(() =>
  import('./new-conversation-dialog').then((m) => ({ default: m.NewConversationDialog })),
);

// The open conversation (messages, composer, call entries, contact panel) is not needed to show
// the list: it loads when the browser is idle after the list drew, or when a conversation opens
// first (docs/behaviour/web-app.md, "Delivery").
const ConversationView = deferred(() => import('./conversation-view').then((m) => m.ConversationView));

// The keyboard shortcuts and their help sheet: not needed to show the list.
const InboxKeyboard = deferred(() => import('./shortcuts/inbox-keyboard').then((m) => m.InboxKeyboard));

/** What the pane shows while its code loads: the same as while the conversation itself loads. */
function PaneLoader() {
  return (
    <Center className={classes.view}>
      <Loader />
    </Center>
  );
}

function useOrganizationCountry(): CountryCode {
  const country = useSession().context?.organization.country?.toUpperCase();
  return (SUPPORTED_COUNTRIES as readonly string[]).includes(country ?? '') ? (country as CountryCode) : 'CA';
}

/** Window width from which the contact panel sits beside the conversation (px). */
const WIDE_SCREEN_QUERY = '(min-width: 1280px)';

/**
 * Whether the contact panel is open. On wide screens the person's last choice is remembered
 * (open by default); below 1280 px (1024 px is the minimum) it starts closed and, when
 * opened, floats over the conversation (CSS) so that the messages keep their width.
 */
function useContactPanelState(): { open: boolean; toggle: () => void } {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, undefined, { getInitialValueInEffect: false });
  const [wideOpen, setWideOpen] = useLocalStorage({
    key: 'accueil.conversations.contactPanel',
    defaultValue: true,
  });
  const [narrowOpen, setNarrowOpen] = useState(false);
  return wide
    ? { open: wideOpen, toggle: () => setWideOpen((v) => !v) }
    : { open: narrowOpen, toggle: () => setNarrowOpen((v) => !v) };
}

/**
 * Conversations screen (`/conversations` and `/conversations/:sid`): the list column, the
 * open conversation and the contact's panel (collapsible), full height inside the shell.
 * The conversation id is used as `sid` in the route.
 * Archiving the open conversation opens the next one of the list (the one below, else above),
 * as Front does; its toast's Undo unarchives it and opens it again. The keyboard shortcuts
 * (`shortcuts/`) act on the list and the open conversation; `?` shows their help sheet.
 */
export function ConversationsScreen() {
  const { sid } = useParams<{ sid?: string }>();
  const openId = sid ?? null;
  const navigate = useNavigate();
  const [status, setStatus] = useState<InboxList>('active');
  const [view, setView] = useState<InboxView>('all');
  const [newOpen, setNewOpenState] = useState(false);
  // Mounted from its first opening on, so closing keeps Mantine's transition and focus return.
  const [newMounted, setNewMounted] = useState(false);
  const setNewOpen = (open: boolean) => {
    if (open) setNewMounted(true);
    setNewOpenState(open);
  };
  const panel = useContactPanelState();
  const country = useOrganizationCountry();
  useConversationsRealtime(openId);
  useCloseOnTeamSwitch(openId);
  usePreloadWhenIdle(ConversationView);
  const list = useRef<InboxListHandle>(null);
  const actions = useConversationActions();

  const openConversation = (id: string) => void navigate(`/conversations/${encodeURIComponent(id)}`);
  const toggleArchive = (conversation: Conversation) => {
    if (conversation.status === 'inactive') {
      actions.run(conversation.id, 'unarchive');
      return;
    }
    const { id } = conversation;
    const next = nextAfterArchive(list.current?.items ?? [], id);
    const wasOpen = id === openId;
    actions.run(id, 'archive', false, wasOpen ? () => openConversation(id) : undefined);
    if (!wasOpen) return;
    if (next) openConversation(next.id);
    else void navigate('/conversations');
  };
  return (
    <div className={classes.screen}>
      <ConversationListColumn
        status={status}
        onStatusChange={setStatus}
        view={view}
        onViewChange={setView}
        openId={openId}
        onOpen={(c: Conversation) => openConversation(c.id)}
        onNewConversation={() => setNewOpen(true)}
        onDeleted={(id) => {
          if (id === openId) void navigate('/conversations');
        }}
        onArchive={toggleArchive}
        listHandle={list}
      />
      {openId ? (
        <Suspense fallback={<PaneLoader />}>
          <ConversationView
            key={openId}
            id={openId}
            panelOpen={panel.open}
            onTogglePanel={panel.toggle}
            onClose={() => void navigate('/conversations')}
            onArchive={toggleArchive}
          />
        </Suspense>
      ) : (
        <Center className={classes.view}>
          <Stack align="center" gap="sm" maw={360}>
            <IconMessages size={48} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text fw={600}>
              <FormattedMessage id="conversations.view.noneTitle" />
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              <FormattedMessage id="conversations.view.noneBody" />
            </Text>
            <Button
              leftSection={<IconMessageCirclePlus size={18} />}
              onClick={() => setNewOpen(true)}
              mt="xs"
            >
              <FormattedMessage id="conversations.new.button" />
            </Button>
          </Stack>
        </Center>
      )}
      {newMounted && (
        <Suspense fallback={null}>
          <NewConversationDialog
            opened={newOpen}
            onClose={() => setNewOpen(false)}
            onOpen={openConversation}
            country={country}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <InboxKeyboard
          list={list}
          openId={openId}
          toggleArchive={toggleArchive}
          leave={() => {
            void navigate('/conversations');
            if (openId) list.current?.focus(openId);
          }}
        />
      </Suspense>
    </div>
  );
}
