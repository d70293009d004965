import { authEndpoints, type PresenceStatus } from '@accueil/domain';
import { ColorSwatch, Menu, NavLink, Text } from '@mantine/core';
import { IconCheck, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../lib/endpoint-client';
import { notifyError } from '../../lib/notify';
import { PRESENCE_COLOR } from '../../lib/presence';
import { useRealtimeEvent } from '../../lib/realtime';
import { useCurrentUser } from '../../lib/session';
import classes from './shell.module.css';

/** What the user may choose: being connected, they are never offline. */
const CHOICES = ['online', 'away', 'busy'] as const satisfies readonly PresenceStatus[];

function Dot({ status }: { status: PresenceStatus }) {
  return <ColorSwatch component="span" color={`var(--mantine-color-${PRESENCE_COLOR[status]}-6)`} size={12} withShadow={false} aria-hidden />;
}

/**
 * The signed-in user's presence, at the bottom of the side menu (docs/behaviour/realtime.md,
 * "Presence"): a dot and its name, kept live by `presence:updated` (online once a browser of theirs
 * is connected). A choice (online, away, busy) is saved at once (PUT auth/status) and kept while
 * they stay connected; if saving fails the previous status comes back with a toast.
 */
export function PresenceMenu() {
  const intl = useIntl();
  const user = useCurrentUser();
  const loaded = user?.status ?? 'offline';
  // What happened since the session context was loaded; a reloaded context (another status) wins.
  const [since, setSince] = useState<{ loaded: PresenceStatus; status: PresenceStatus } | null>(null);
  const status = since && since.loaded === loaded ? since.status : loaded;
  const setStatus = (next: PresenceStatus) => setSince({ loaded, status: next });
  useRealtimeEvent('presence:updated', (event) => {
    if (event.userId === user?.id) setStatus(event.status);
  });
  if (!user) return null;
  const name = (s: PresenceStatus) => intl.formatMessage({ id: `shell.presence.${s}` });
  const choose = (next: PresenceStatus) => {
    if (next === status) return;
    const before = status;
    setStatus(next);
    api.call(authEndpoints.setStatus, { body: { status: next } }).catch((error: unknown) => {
      setStatus(before);
      notifyError(error, 'shell.presence.failed');
    });
  };

  return (
    <Menu position="right-end" offset={12} width={210} shadow="md" withinPortal>
      <Menu.Target>
        <NavLink
          component="button"
          // "Your status: …": the connection indicator just below says online too, of the connection.
          label={intl.formatMessage({ id: 'shell.presence.current' }, { status: name(status) })}
          leftSection={<Dot status={status} />}
          rightSection={<IconChevronRight size={14} />}
          className={classes.link}
          data-testid="presence-menu"
          data-status={status}
        />
      </Menu.Target>
      {/* Named by its label, not a Menu.Label: a menu holds menu items only (axe). */}
      <Menu.Dropdown aria-label={intl.formatMessage({ id: 'shell.presence.label' })}>
        {CHOICES.map((choice) => (
          <Menu.Item
            key={choice}
            leftSection={<Dot status={choice} />}
            rightSection={choice === status ? <IconCheck size={14} /> : null}
            onClick={() => choose(choice)}
            data-testid={`presence-option-${choice}`}
            aria-current={choice === status ? 'true' : undefined}
          >
            <Text size="sm" fw={choice === status ? 600 : 400}>
              {name(choice)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
