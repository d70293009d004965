import type { NotifiedKind } from '../lib/notification-tag';

/**
 * Which kinds of the user's own notifications this browser shows, as the personalisation
 * page's "Sound and notify me for" switches say (lib/preferences.ts). Those live in
 * localStorage, which a service worker cannot read: the page copies them into the Cache
 * Storage (`accueil-push`, one JSON entry), which both can.
 */
export type PushKinds = Record<NotifiedKind, boolean>;

const CACHE = 'accueil-push';
// A same-origin URL that nothing serves: only the key of the entry.
const ENTRY = '/__accueil/push-kinds.json';

/** The bit of `CacheStorage` used here (the window's and the service worker's `caches`). */
export interface CachesLike {
  open(name: string): Promise<{
    put(request: string, response: Response): Promise<void>;
    match(request: string): Promise<Response | undefined>;
  }>;
}

/** Stores the kinds for the service worker; a refused storage (private mode) is ignored. */
export async function writePushKinds(caches: CachesLike, kinds: PushKinds): Promise<void> {
  try {
    const cache = await caches.open(CACHE);
    await cache.put(
      ENTRY,
      new Response(JSON.stringify(kinds), { headers: { 'content-type': 'application/json' } }),
    );
  } catch {
    // The service worker then shows every kind, as the switches do by default.
  }
}

/** Whether the service worker shows `kind`: as stored, or yes when nothing (readable) is. */
export async function pushKindShown(caches: CachesLike, kind: NotifiedKind): Promise<boolean> {
  try {
    const stored = await (await caches.open(CACHE)).match(ENTRY);
    const kinds = stored ? ((await stored.json()) as Partial<PushKinds>) : {};
    return kinds[kind] !== false;
  } catch {
    return true;
  }
}
