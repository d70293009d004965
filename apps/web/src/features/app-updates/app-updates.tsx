import { Button, Group, Paper, Portal, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { forgetPushOnSignOut, linkPushOnSignIn } from '../../lib/forget-push';
import { watchForUpdates } from './watch-for-updates';

/**
 * Registers `/service-worker.js` and, when a new version of the app is installed and waiting,
 * shows the reload prompt (docs/behaviour/web-app.md, "Updates"): "Reload" takes the new version
 * now, "Later" hides the prompt until the next version. Public pages reload without asking.
 * Where the worker is, signing out also forgets this browser's push subscription, and each
 * session that starts here is given it again (`lib/forget-push.ts`). Loaded lazily once the first screen is idle
 * (`app/app-updates-host.tsx`), never in development (the dev server has no built worker) nor
 * where the browser has no service workers.
 */
export function AppUpdates() {
  const [accept, setAccept] = useState<(() => void) | null>(null);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const unregisterForget = forgetPushOnSignOut();
    const unregisterLink = linkPushOnSignIn();
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      stop = watchForUpdates(new Workbox('/service-worker.js', { scope: '/' }), {
        pathname: () => window.location.pathname,
        ask: (take) => setAccept(() => take),
        reload: () => window.location.reload(),
        warn: (error) => console.warn('service worker update check failed', error),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
      unregisterForget();
      unregisterLink();
    };
  }, []);

  if (!accept) return null;
  return (
    <Portal>
      <Paper
        role="region"
        aria-labelledby="app-update-title"
        shadow="lg"
        withBorder
        p="md"
        radius="md"
        data-testid="app-update-prompt"
        // Beside the side menu (its sign-out and status stay reachable), over the list's bottom rows.
        style={{ position: 'fixed', insetInlineStart: 256, bottom: 24, zIndex: 400, maxWidth: 420 }}
      >
        <Text fw={600} id="app-update-title">
          <FormattedMessage id="appUpdates.title" />
        </Text>
        <Text size="sm" mt={4}>
          <FormattedMessage id="appUpdates.body" />
        </Text>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={() => setAccept(null)} disabled={reloading}>
            <FormattedMessage id="appUpdates.later" />
          </Button>
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={reloading}
            onClick={() => {
              setReloading(true);
              accept();
            }}
          >
            <FormattedMessage id="appUpdates.reload" />
          </Button>
        </Group>
      </Paper>
    </Portal>
  );
}
