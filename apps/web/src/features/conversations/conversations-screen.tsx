import { SUPPORTED_COUNTRIES, type Conversation, type ConversationStatus } from '@accueil/domain';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconMessageCirclePlus, IconMessages } from '@tabler/icons-react';
import type { CountryCode } from 'libphonenumber-js';
import { Suspense, lazy, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { deferred } from '../../app/deferred';
import { usePreloadWhenIdle } from '../../app/idle';
import { useSession } from '../../lib/session';
import { ConversationListColumn } from './conversation-list-column';
import classes from './conversations.module.css';
import { useCloseOnTeamSwitch } from './use-close-on-team-switch';
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
 */
export function ConversationsScreen() {
  const { sid } = useParams<{ sid?: string }>();
  const openId = sid ?? null;
  const navigate = useNavigate();
  const [status, setStatus] = useState<ConversationStatus>('active');
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

  const openConversation = (id: string) => void navigate(`/conversations/${encodeURIComponent(id)}`);
  return (
    <div className={classes.screen}>
      <ConversationListColumn
        status={status}
        onStatusChange={setStatus}
        openId={openId}
        onOpen={(c: Conversation) => openConversation(c.id)}
        onNewConversation={() => setNewOpen(true)}
        onDeleted={(id) => {
          if (id === openId) void navigate('/conversations');
        }}
      />
      {openId ? (
        <Suspense fallback={<PaneLoader />}>
          <ConversationView
            key={openId}
            id={openId}
            panelOpen={panel.open}
            onTogglePanel={panel.toggle}
            onClose={() => void navigate('/conversations')}
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
    </div>
  );
}
