import { pushEndpoints, type PushSubscriptionInput } from '@accueil/domain';
import { writePushKinds, type CachesLike, type PushKinds } from '../sw/push-kinds';
import { api } from './endpoint-client';
import { getPreferences } from './preferences';

/**
 * This browser's Web Push subscription (docs/behaviour/notifications.md, "Web Push"): with it,
 * the user's notifications show while no tab of the app is open (the service worker's
 * `sw/push-handlers.ts`). Subscribed when desktop notifications are turned on (the
 * personalisation page), forgotten when they are turned off and when the person signs out, so a
 * shared computer does not keep showing the previous person's notifications.
 */

/** What `subscribe` and `unsubscribe` use of the browser's `PushManager` and `PushSubscription`. */
interface BrowserSubscription {
  endpoint: string;
  options?: { applicationServerKey: ArrayBuffer | null };
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
}
interface PushManagerLike {
  getSubscription(): Promise<BrowserSubscription | null>;
  subscribe(options: {
    userVisibleOnly: true;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<BrowserSubscription>;
}

/** What this module needs of the browser and the server; tests stand in for it. */
export interface PushEnvironment {
  /**
   * The push manager of the app's service worker registration, or null where there is none (no
   * worker, no Push API). `wait`: give a worker being registered a few seconds.
   */
  pushManager(wait?: boolean): Promise<PushManagerLike | null>;
  caches: CachesLike | null;
  vapidPublicKey(): Promise<string>;
  save(subscription: PushSubscriptionInput): Promise<unknown>;
  forget(endpoint: string): Promise<unknown>;
}

/** How long the page waits for the app's service worker to be registered (ms). */
const REGISTRATION_WAIT_MS = 5_000;

/** The browser's own: the worker registered by `features/app-updates/`, and the push endpoints. */
export function browserPushEnvironment(): PushEnvironment {
  return {
    async pushManager(wait = false) {
      if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
      let registration = await navigator.serviceWorker.getRegistration('/');
      if (!registration && wait) {
        const late = new Promise<undefined>((resolve) => setTimeout(resolve, REGISTRATION_WAIT_MS));
        registration = await Promise.race([navigator.serviceWorker.ready, late]);
      }
      return (registration?.pushManager as PushManagerLike | undefined) ?? null;
    },
    caches: typeof caches === 'undefined' ? null : caches,
    vapidPublicKey: async () => (await api.call(pushEndpoints.vapidPublicKey)).publicKey,
    save: (body) => api.call(pushEndpoints.subscribe, { body }),
    forget: (endpoint) => api.call(pushEndpoints.unsubscribe, { body: { endpoint } }),
  };
}

/** A base64url string (padding tolerated) as bytes: the form `applicationServerKey` takes. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether a subscription's key is `key` (an unknown key counts as the same: nothing to compare). */
function sameBytes(stored: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!stored) return true;
  const bytes = new Uint8Array(stored);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** The per-kind switches of this browser (lib/preferences.ts), as the service worker reads them. */
export function currentPushKinds(): PushKinds {
  const p = getPreferences();
  return { assigned: p.notifyAssigned, mention: p.notifyMentions, 'inbound-text': p.notifyInbound };
}

/** Copies the per-kind switches where the service worker reads them (`sw/push-kinds.ts`). */
export async function sharePushKinds(env: PushEnvironment = browserPushEnvironment()): Promise<void> {
  if (env.caches) await writePushKinds(env.caches, currentPushKinds());
}

/**
 * `subscribed`: this browser receives the user's notifications with no tab open;
 * `unavailable`: it cannot (no service worker or Push API, no push service reachable, or the
 * server refused its push service — 422 `push-endpoint-refused`). Desktop notifications still
 * show while a tab is open either way.
 */
export type PushOutcome = 'subscribed' | 'unavailable';

/**
 * Subscribes this browser with the installation's VAPID key (or keeps its subscription) and
 * gives the subscription to the server for the signed-in user — again when it already exists,
 * so that it becomes this user's. Never rejects: a failure is logged and answers `unavailable`
 * (a subscription the server refused is dropped, it would only ever fail).
 */
export async function subscribeToPush(env: PushEnvironment = browserPushEnvironment()): Promise<PushOutcome> {
  let subscription: BrowserSubscription | null = null;
  try {
    const manager = await env.pushManager(true);
    if (!manager) return 'unavailable';
    const applicationServerKey = base64UrlBytes(await env.vapidPublicKey());
    subscription = await manager.getSubscription();
    // Subscribed with another key (the installation's pair changed): the push service would
    // refuse the server's signature.
    if (subscription && !sameBytes(subscription.options?.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey });
    await sharePushKinds(env);
    await env.save(subscription.toJSON() as PushSubscriptionInput);
    return 'subscribed';
  } catch (error) {
    console.warn('web push: not subscribed', error);
    await subscription?.unsubscribe().catch(() => false);
    return 'unavailable';
  }
}

/**
 * Forgets this browser's subscription: on the server (the signed-in user's row of its endpoint)
 * then in the browser, which its push service then refuses to deliver to. Never rejects; a
 * server that cannot be reached still leaves the browser unsubscribed (the server forgets the
 * row when the push service answers 404/410 to its next send).
 */
export async function unsubscribeFromPush(env: PushEnvironment = browserPushEnvironment()): Promise<void> {
  try {
    const subscription = await (await env.pushManager())?.getSubscription();
    if (!subscription) return;
    await env
      .forget(subscription.endpoint)
      .catch((error: unknown) => console.warn('web push: not forgotten', error));
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('web push: not unsubscribed', error);
  }
}
