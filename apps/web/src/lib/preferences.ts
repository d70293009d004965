import { useSyncExternalStore } from 'react';

/**
 * This browser's notification preferences (the personalisation page). Kept in localStorage, not
 * in the profile: they belong to the device (a shared front-desk computer may ring, a laptop at
 * home not). `sounds` and `desktopNotifications` are opt-in; the title blinks unless turned off.
 * The `notify*` switches choose, per kind of the user's own notifications
 * (docs/behaviour/notifications.md), whether it sounds and shows on the desktop: a conversation
 * assigned to them, a mention in a note, a text on a conversation assigned to them. They are on
 * by default and only matter once sounds or desktop notifications are.
 */
export type DevicePreferences = {
  sounds: boolean;
  desktopNotifications: boolean;
  titleBlink: boolean;
  notifyAssigned: boolean;
  notifyMentions: boolean;
  notifyInbound: boolean;
};

export const DEFAULT_PREFERENCES: DevicePreferences = {
  sounds: false,
  desktopNotifications: false,
  titleBlink: true,
  notifyAssigned: true,
  notifyMentions: true,
  notifyInbound: true,
};

const KEY = 'accueil.preferences';
const listeners = new Set<() => void>();
let cached: DevicePreferences | null = null;

/** The stored preferences over the defaults; a missing or unreadable entry gives the defaults. */
export function getPreferences(): DevicePreferences {
  if (cached) return cached;
  let stored: Partial<DevicePreferences> = {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed;
  } catch {
    // Storage blocked or a value from elsewhere: the defaults.
  }
  const pick = (k: keyof DevicePreferences) =>
    typeof stored[k] === 'boolean' ? stored[k] : DEFAULT_PREFERENCES[k];
  cached = {
    sounds: pick('sounds'),
    desktopNotifications: pick('desktopNotifications'),
    titleBlink: pick('titleBlink'),
    notifyAssigned: pick('notifyAssigned'),
    notifyMentions: pick('notifyMentions'),
    notifyInbound: pick('notifyInbound'),
  };
  return cached;
}

/** Changes some preferences, stores them (when the browser lets it) and tells every reader. */
export function setPreferences(change: Partial<DevicePreferences>): void {
  cached = { ...getPreferences(), ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(cached));
  } catch {
    // Not stored (private mode, quota): they hold for this page's life.
  }
  for (const listener of listeners) listener();
}

/** The preferences, re-rendering when they change. */
export function usePreferences(): DevicePreferences {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, getPreferences);
}
