import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkPushOnSignIn } from './forget-push';
import { setPreferences } from './preferences';
import { updateSession } from './session-store';
import { subscribeToPush } from './web-push';

vi.mock('./web-push', () => ({ subscribeToPush: vi.fn(() => Promise.resolve('subscribed')) }));

/**
 * Each session that starts in this browser is given its push subscription again
 * (docs/behaviour/notifications.md, "Web Push": the server sends only to a subscription whose
 * latest session is live), when the browser has one and desktop notifications are on.
 */
describe('linkPushOnSignIn', () => {
  let subscribed: object | null;
  beforeEach(() => {
    subscribed = { endpoint: 'https://push.example/abc' };
    vi.mocked(subscribeToPush).mockClear();
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: () =>
          Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscribed) } }),
      },
    });
    updateSession({ status: 'signed-out', token: null });
  });
  afterEach(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    setPreferences({ desktopNotifications: false });
  });

  it('gives the subscription again at each sign-in, not at a token refresh', async () => {
    setPreferences({ desktopNotifications: true });
    const stop = linkPushOnSignIn();
    updateSession({ status: 'signed-in', token: 'a' });
    await vi.waitFor(() => expect(subscribeToPush).toHaveBeenCalledTimes(1));
    updateSession({ token: 'b' });
    updateSession({ status: 'signed-out', token: null });
    updateSession({ status: 'signed-in', token: 'c' });
    await vi.waitFor(() => expect(subscribeToPush).toHaveBeenCalledTimes(2));
    stop();
    updateSession({ status: 'signed-out', token: null });
    updateSession({ status: 'signed-in', token: 'd' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(subscribeToPush).toHaveBeenCalledTimes(2);
  });

  it('gives nothing when desktop notifications are off or the browser has no subscription', async () => {
    const stop = linkPushOnSignIn();
    updateSession({ status: 'signed-in', token: 'a' });
    setPreferences({ desktopNotifications: true });
    subscribed = null;
    updateSession({ status: 'signed-out', token: null });
    updateSession({ status: 'signed-in', token: 'b' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(subscribeToPush).not.toHaveBeenCalled();
    stop();
  });
});
