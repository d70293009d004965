import { TOAST_AUTO_CLOSE_MS } from '@accueil/domain';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { playNotificationSound, type SoundKind } from '../../lib/notification-sound';
import { setPreferences, usePreferences, type DevicePreferences } from '../../lib/preferences';
import { sharePushKinds, subscribeToPush, unsubscribeFromPush } from '../../lib/web-push';
import { Section } from './section';

/** The kinds of the user's own notifications, each with its switch (docs/behaviour/notifications.md). */
const KINDS: readonly { kind: SoundKind; preference: keyof DevicePreferences }[] = [
  { kind: 'assigned', preference: 'notifyAssigned' },
  { kind: 'mention', preference: 'notifyMentions' },
  { kind: 'inbound-text', preference: 'notifyInbound' },
];

/** Whether this browser can show desktop notifications, and what it answered so far. */
const notificationPermission = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * The personalisation page's alerts (docs/behaviour/notifications.md): how a new text is
 * announced on this device — the blinking title, a chime per kind (quiet while busy), a desktop
 * notification (both opt-in; the browser's permission asked when the switch is turned on, never
 * on load) — and which of the user's own notifications (assignments, mentions, texts on their
 * conversations) sound and show. Desktop notifications turned on also subscribe this browser to
 * Web Push (`lib/web-push.ts`: they then show with no tab open), or say in one sentence that
 * this browser cannot. Toasts close by themselves after 3 s.
 */
export function AlertsSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `personalization.${id}` }, values);
  const preferences = usePreferences();
  const [permission, setPermission] = useState(notificationPermission);
  // Whether this browser can receive them with no tab open (Web Push), once known.
  const [pushUnavailable, setPushUnavailable] = useState(false);
  const desktopOn = preferences.desktopNotifications && permission === 'granted';
  const subscribe = () =>
    void subscribeToPush().then((outcome) => setPushUnavailable(outcome === 'unavailable'));
  const toggleDesktop = async (on: boolean) => {
    if (!on) {
      setPreferences({ desktopNotifications: false });
      setPushUnavailable(false);
      return unsubscribeFromPush();
    }
    const answer = permission === 'default' ? await Notification.requestPermission() : permission;
    setPermission(answer);
    setPreferences({ desktopNotifications: answer === 'granted' });
    if (answer === 'granted') subscribe();
  };
  const toggleKind = (change: Partial<DevicePreferences>) => {
    setPreferences(change);
    void sharePushKinds();
  };
  // Already on: (re)subscribe, so that this browser's subscription is the signed-in person's
  // (signing out forgot the previous one's), and say whether it can be.
  useEffect(() => {
    if (desktopOn) subscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening the page
  }, []);

  return (
    <Section
      id="personalization-notifications"
      icon={<IconBell size={20} aria-hidden />}
      title={t('notifications')}
    >
      <Text size="sm" c="dimmed">
        {t('notifications.help')}
      </Text>
      <Switch
        checked={preferences.titleBlink}
        onChange={(e) => setPreferences({ titleBlink: e.currentTarget.checked })}
        label={t('titleBlink')}
        description={t('titleBlink.help')}
      />
      <Switch
        checked={preferences.sounds}
        onChange={(e) => setPreferences({ sounds: e.currentTarget.checked })}
        label={t('sounds')}
        description={t('sounds.help')}
      />
      <Group gap="xs" pl={52}>
        {KINDS.map(({ kind }) => (
          <Button key={kind} variant="default" size="xs" onClick={() => playNotificationSound(kind)}>
            {t('sounds.try', { kind: t(`sound.${kind}`) })}
          </Button>
        ))}
      </Group>
      <Switch
        checked={desktopOn}
        disabled={permission === 'unsupported'}
        onChange={(e) => void toggleDesktop(e.currentTarget.checked)}
        label={t('desktop')}
        description={t('desktop.help')}
      />
      {permission === 'denied' && (
        <Alert color="orange" variant="light" role="status">
          {t('desktop.denied')}
        </Alert>
      )}
      {desktopOn && pushUnavailable && (
        <Text size="sm" c="dimmed" role="status">
          {t('desktop.pushUnavailable')}
        </Text>
      )}
      {permission === 'unsupported' && (
        <Text size="sm" c="dimmed">
          {t('desktop.unsupported')}
        </Text>
      )}
      <Stack gap="xs" role="group" aria-labelledby="personalization-kinds">
        <Text size="sm" fw={500} id="personalization-kinds">
          {t('kinds')}
        </Text>
        {KINDS.map(({ kind, preference }) => (
          <Switch
            key={kind}
            size="sm"
            checked={preferences[preference]}
            onChange={(e) => toggleKind({ [preference]: e.currentTarget.checked })}
            label={t(`kind.${kind}`)}
          />
        ))}
      </Stack>
      <Text size="sm" c="dimmed">
        {t('toasts', { seconds: TOAST_AUTO_CLOSE_MS / 1000 })}
      </Text>
    </Section>
  );
}
