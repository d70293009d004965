import { authEndpoints, type PresenceStatus } from '@accueil/domain';
import { NavLink } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LazyMenu } from '../../components/lazy-menu';
import { api } from '../../lib/endpoint-client';
import { notifyError } from '../../lib/notify';
import { setOwnPresence } from '../../lib/presence';
import { useRealtimeEvent } from '../../lib/realtime';
import { useCurrentUser } from '../../lib/session';
import { deferred } from '../deferred';
import { PresenceDot } from './presence-dot';
import classes from './shell.module.css';

// The menu itself (Mantine's Menu and its positioning) is not in the inbox's first load.
const PresenceMenuPart = deferred(() => import('./presence-menu-part').then((m) => m.PresenceMenuPart));

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
  const [opened, setOpened] = useState(false);
  // The sounds read it: none while busy (docs/behaviour/notifications.md).
  useEffect(() => setOwnPresence(user ? status : null), [user, status]);
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
    <LazyMenu
      part={PresenceMenuPart}
      opened={opened}
      onChange={setOpened}
      status={status}
      label={intl.formatMessage({ id: 'shell.presence.label' })}
      name={name}
      onChoose={choose}
      target={
        <NavLink
          component="button"
          // "Status: …", short enough for one line at 1024 px; the connection indicator just below
          // says online too, of the connection.
          label={intl.formatMessage({ id: 'shell.presence.current' }, { status: name(status) })}
          leftSection={<PresenceDot status={status} />}
          rightSection={<IconChevronRight size={14} />}
          className={classes.link}
          data-testid="presence-menu"
          data-status={status}
        />
      }
    />
  );
}
