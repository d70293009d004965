import { getPreferences } from './preferences';
import { getSessionState, onSignOut, subscribeSession } from './session-store';

/** How long signing out waits for this browser's push subscription to be forgotten (ms). */
const FORGET_PUSH_TIMEOUT_MS = 5_000;

/**
 * Unsubscribes this browser from Web Push (lib/web-push.ts) when it is subscribed: a shared
 * computer must not keep showing the previous person's notifications. Run when a sign-out
 * begins ({@link forgetPushOnSignOut}), before the server is told; `web-push.ts` loads only
 * then. At most FORGET_PUSH_TIMEOUT_MS; never rejects.
 */
export async function forgetPushSubscription(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!(await registration?.pushManager.getSubscription())) return;
    const late = new Promise<void>((resolve) => setTimeout(resolve, FORGET_PUSH_TIMEOUT_MS));
    await Promise.race([import('./web-push').then((m) => m.unsubscribeFromPush()), late]);
  } catch {
    // No service worker or Push API here: nothing to forget.
  }
}

/**
 * Forgets this browser's push subscription at every sign-out (registered by the service
 * worker's host, `features/app-updates/`, loaded lazily: the inbox's first load has no room for
 * it). Returns the unregistering function.
 */
export const forgetPushOnSignOut = (): (() => void) => onSignOut(forgetPushSubscription);

/**
 * Gives this browser's push subscription, when it has one and desktop notifications are on, to
 * the server again: the server sends only to a subscription whose latest session is live
 * (docs/behaviour/notifications.md, "Web Push"), so a browser that stayed subscribed while its
 * session ended by itself (idle past 12 h) serves the session signed in after it. Never rejects.
 */
export async function linkPushSubscription(): Promise<void> {
  try {
    if (!getPreferences().desktopNotifications || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!(await registration?.pushManager.getSubscription())) return;
    await import('./web-push').then((m) => m.subscribeToPush());
  } catch {
    // No service worker or Push API here: nothing to link.
  }
}

/**
 * Links this browser's push subscription to each session that starts here — a sign-in, or a
 * page load that restores one ({@link linkPushSubscription}): registered with
 * {@link forgetPushOnSignOut} by the service worker's host. Returns the unregistering function.
 */
export function linkPushOnSignIn(): () => void {
  let signedIn = false;
  const check = () => {
    const now = getSessionState().status === 'signed-in';
    if (now && !signedIn) void linkPushSubscription();
    signedIn = now;
  };
  check();
  return subscribeSession(check);
}
