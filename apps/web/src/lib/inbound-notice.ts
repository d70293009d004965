import { getPreferences } from './preferences';
import { startTitleBlink } from './title-blink';

/**
 * Tells the person a text arrived that they are not looking at, as this browser's preferences
 * say (lib/preferences.ts): the title blinks (unless turned off), a chime plays (opt-in), and a
 * desktop notification shows while the tab is hidden (opt-in, once the browser allows it). The
 * notification says only `notice` ("New message"), never the text or who sent it: a lock screen
 * or a shared screen must not show a patient's words. Clicking it brings the tab forward.
 */
export function announceInbound(notice: string): void {
  const preferences = getPreferences();
  if (preferences.titleBlink) startTitleBlink(notice);
  if (preferences.sounds) void import('./notification-sound').then((m) => m.playNotificationSound());
  if (
    preferences.desktopNotifications &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    document.visibilityState !== 'visible'
  ) {
    const shown = new Notification('Accueil', { body: notice, tag: 'accueil-inbound' });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  }
}
