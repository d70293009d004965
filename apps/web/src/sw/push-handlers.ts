import { notificationTag, type NotifiedKind } from '../lib/notification-tag';
import { pushKindShown, type CachesLike } from './push-kinds';

/** A window of the app, as `clients.matchAll({ type: 'window' })` gives it (a `WindowClient`). */
export interface AppWindow {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * What the handlers use of the service worker's global scope (`ServiceWorkerGlobalScope`),
 * narrowed so that unit tests can stand in for it.
 */
export interface PushScope {
  location: { origin: string };
  caches: CachesLike;
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly AppWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/** What a push carries (`pushPayloadSchema` of `@accueil/domain`, checked here without zod). */
export interface PushNotice {
  kind: NotifiedKind;
  conversationId: string;
  title: string;
  body: string;
}

const KINDS: readonly string[] = ['assigned', 'mention', 'inbound-text'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payload's notice, or null when it is not JSON of the expected shape. */
export function readPushNotice(data: { json(): unknown } | null): PushNotice | null {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, conversationId, title, body } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || !KINDS.includes(kind)) return null;
  if (typeof conversationId !== 'string' || !UUID.test(conversationId)) return null;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  return { kind: kind as NotifiedKind, conversationId, title, body };
}

/** The app's page of a conversation. */
export const conversationPath = (conversationId: string): string =>
  `/conversations/${encodeURIComponent(conversationId)}`;

/**
 * A push arrived (docs/behaviour/notifications.md, "Web Push"): shows its notification — the
 * title and body the server wrote in the user's language (who acted and the contact, never a
 * message's words), tagged like the tab's own desktop notification (one per conversation and
 * kind), opening the conversation when clicked — unless one of the app's windows is focused
 * (that tab announces it itself), this kind is turned off in this browser, or the payload is
 * not understood (logged: the worker has no texts of its own to say anything else).
 * Resolves once shown (the caller passes it to `event.waitUntil`); returns whether it showed.
 */
export async function showPushedNotice(scope: PushScope, data: { json(): unknown } | null): Promise<boolean> {
  const notice = readPushNotice(data);
  if (!notice) {
    console.warn('push: payload not understood, nothing shown');
    return false;
  }
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((w) => w.focused)) return false;
  if (!(await pushKindShown(scope.caches, notice.kind))) return false;
  await scope.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notificationTag(notice.kind, notice.conversationId),
    icon: '/favicon.svg',
    data: { url: conversationPath(notice.conversationId) },
  });
  return true;
}

/** The notification's own app path, or the app's start when its data is not one. */
function pathOf(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

/**
 * A pushed notification was clicked: closes it, brings forward a window of the app (the focused
 * one, else the first) and takes it to the conversation — or, when that window cannot be
 * navigated by the worker (not yet controlled by it) or none is open, opens a new one there.
 */
export async function openPushedNotice(
  scope: PushScope,
  notification: { data: unknown; close(): void },
): Promise<void> {
  notification.close();
  const url = new URL(pathOf(notification.data), scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = windows.find((w) => w.focused) ?? windows[0];
  if (target) {
    try {
      await target.focus();
      await target.navigate(url);
      return;
    } catch {
      // An uncontrolled window refuses `navigate`: a new window instead.
    }
  }
  await scope.clients.openWindow(url);
}
