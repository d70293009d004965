import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPreferences } from './preferences';
import { base64UrlBytes, subscribeToPush, unsubscribeFromPush, type PushEnvironment } from './web-push';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

/** A browser subscription stand-in, made with `key` (bytes) or none. */
function browserSubscription(key: Uint8Array | null = base64UrlBytes(KEY)) {
  return {
    endpoint: SUBSCRIPTION.endpoint,
    options: { applicationServerKey: key ? (key.buffer as ArrayBuffer) : null },
    toJSON: () => SUBSCRIPTION,
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
}

/** The browser and the server stood in for; `existing`: the browser's current subscription. */
function environment({
  existing = null as ReturnType<typeof browserSubscription> | null,
  supported = true,
} = {}) {
  const created = browserSubscription();
  const manager = {
    getSubscription: vi.fn(() => Promise.resolve(existing)),
    subscribe: vi.fn(() => Promise.resolve(created)),
  };
  const stored = new Map<string, Response>();
  const env = {
    pushManager: vi.fn(() => Promise.resolve(supported ? manager : null)),
    caches: {
      open: () =>
        Promise.resolve({
          put: (url: string, response: Response) => Promise.resolve(void stored.set(url, response)),
          match: (url: string) => Promise.resolve(stored.get(url)),
        }),
    },
    vapidPublicKey: vi.fn(() => Promise.resolve(KEY)),
    save: vi.fn((): Promise<unknown> => Promise.resolve(null)),
    forget: vi.fn((): Promise<unknown> => Promise.resolve(null)),
  } satisfies PushEnvironment;
  return { env, manager, created, stored };
}

describe('web push subscription', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setPreferences({ notifyMentions: true });
  });

  it('subscribes with the server key on enable, gives the subscription to the server and shares the kinds', async () => {
    setPreferences({ notifyMentions: false });
    const { env, manager, created, stored } = environment();
    await expect(subscribeToPush(env)).resolves.toBe('subscribed');
    expect(env.pushManager).toHaveBeenCalledWith(true);
    expect(manager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(KEY),
    });
    expect(base64UrlBytes(KEY)).toHaveLength(65);
    expect(env.save).toHaveBeenCalledWith(SUBSCRIPTION);
    expect(created.unsubscribe).not.toHaveBeenCalled();
    const [kinds] = [...stored.values()];
    await expect(kinds?.json()).resolves.toEqual({ assigned: true, mention: false, 'inbound-text': true });
  });

  it("gives an existing subscription again (it becomes the signed-in person's) rather than subscribing anew", async () => {
    const existing = browserSubscription();
    const { env, manager } = environment({ existing });
    await expect(subscribeToPush(env)).resolves.toBe('subscribed');
    expect(manager.subscribe).not.toHaveBeenCalled();
    expect(env.save).toHaveBeenCalledWith(SUBSCRIPTION);
  });

  it('replaces a subscription made with another key', async () => {
    const existing = browserSubscription(new Uint8Array(65).fill(4));
    const { env, manager } = environment({ existing });
    await expect(subscribeToPush(env)).resolves.toBe('subscribed');
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(manager.subscribe).toHaveBeenCalled();
  });

  it('answers unavailable without a service worker or Push API', async () => {
    const { env } = environment({ supported: false });
    await expect(subscribeToPush(env)).resolves.toBe('unavailable');
    expect(env.vapidPublicKey).not.toHaveBeenCalled();
    expect(env.save).not.toHaveBeenCalled();
  });

  it('answers unavailable when no push service is reachable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, manager } = environment();
    manager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    await expect(subscribeToPush(env)).resolves.toBe('unavailable');
    expect(env.save).not.toHaveBeenCalled();
  });

  it('answers unavailable and drops the subscription when the server refuses its push service (422)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, created } = environment();
    env.save.mockRejectedValueOnce(
      Object.assign(new Error('refused'), { status: 422, code: 'push-endpoint-refused' }),
    );
    await expect(subscribeToPush(env)).resolves.toBe('unavailable');
    expect(created.unsubscribe).toHaveBeenCalled();
  });

  it('unsubscribes on disable: the server forgets the endpoint, then the browser unsubscribes', async () => {
    const existing = browserSubscription();
    const order: string[] = [];
    const { env } = environment({ existing });
    env.forget.mockImplementation(() => Promise.resolve(void order.push('server')));
    existing.unsubscribe.mockImplementation(() => Promise.resolve(order.push('browser') > 0));
    await unsubscribeFromPush(env);
    expect(env.forget).toHaveBeenCalledWith(SUBSCRIPTION.endpoint);
    expect(env.pushManager).toHaveBeenCalledWith();
    expect(order).toEqual(['server', 'browser']);
  });

  it('still unsubscribes the browser when the server cannot be told, and does nothing when not subscribed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const existing = browserSubscription();
    const failing = environment({ existing });
    failing.env.forget.mockRejectedValueOnce(new Error('offline'));
    await expect(unsubscribeFromPush(failing.env)).resolves.toBeUndefined();
    expect(existing.unsubscribe).toHaveBeenCalled();

    const none = environment();
    await unsubscribeFromPush(none.env);
    expect(none.env.forget).not.toHaveBeenCalled();
  });
});
