import { playNotificationSound, type SoundKind } from './notification-sound';
import { notificationTag } from './notification-tag';
import { getPreferences, type DevicePreferences } from './preferences';
import { ownPresence } from './presence';
import { startTitleBlink } from './title-blink';

/** Whether sounds may play now: turned on in this browser, and the person is not busy. */
function soundsAllowed(preferences: DevicePreferences): boolean {
  return preferences.sounds && ownPresence() !== 'busy';
}

/** Whether a desktop notification may show now: opted in, allowed, and the tab out of sight. */
function desktopAllowed(preferences: DevicePreferences): boolean {
  return (
    preferences.desktopNotifications &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    (document.visibilityState !== 'visible' || !document.hasFocus())
  );
}

/**
 * Tells the person a text arrived that they are not looking at, as this browser's preferences
 * say (lib/preferences.ts): the title blinks (unless turned off), a chime plays (opt-in; quiet
 * while they are busy), and a desktop notification shows while the tab is hidden (opt-in, once
 * the browser allows it). The notification says only `notice` ("New message"), never the text or
 * who sent it: a lock screen or a shared screen must not show a patient's words. Clicking it
 * brings the tab forward. `quiet`: only the title blinks — the text is on a conversation
 * assigned to the person, whose own `inbox:notification` sounds and shows (announceNotification).
 */
export function announceInbound(notice: string, quiet = false): void {
  const preferences = getPreferences();
  if (preferences.titleBlink) startTitleBlink(notice);
  if (quiet) return;
  if (soundsAllowed(preferences)) playNotificationSound('inbound-text');
  if (desktopAllowed(preferences) && document.visibilityState !== 'visible') {
    const shown = new Notification('Accueil', { body: notice, tag: 'accueil-inbound' });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  }
}

/** The kinds of the user's own notifications that sound and show on the desktop. */
export type AnnouncedKind = SoundKind;

/** Which preference turns each kind on or off. */
const KIND_PREFERENCE: Record<AnnouncedKind, keyof DevicePreferences> = {
  assigned: 'notifyAssigned',
  mention: 'notifyMentions',
  'inbound-text': 'notifyInbound',
};

/**
 * Announces one of the person's own notifications (`inbox:notification` of `kind`;
 * docs/behaviour/notifications.md) as this browser's preferences say: the kind's sound (sounds
 * on, the kind on, not busy) and, while the tab is hidden or not focused, a desktop notification
 * with the localised `title` and `body` — the contact's name, never a message's words. One per
 * conversation and kind (`tag`): a second replaces the first. Clicking it brings the tab forward
 * and calls `onOpen` (the web opens the conversation). Returns whether a desktop notification
 * showed (the caller keeps the toast either way: it is what the person sees coming back).
 */
export function announceNotification(notification: {
  kind: AnnouncedKind;
  conversationId: string;
  title: string;
  body: string;
  onOpen: () => void;
}): boolean {
  const preferences = getPreferences();
  if (!preferences[KIND_PREFERENCE[notification.kind]]) return false;
  if (soundsAllowed(preferences)) playNotificationSound(notification.kind);
  if (!desktopAllowed(preferences)) return false;
  const shown = new Notification(notification.title, {
    body: notification.body,
    tag: notificationTag(notification.kind, notification.conversationId),
  });
  shown.onclick = () => {
    window.focus();
    notification.onOpen();
    shown.close();
  };
  return true;
}
