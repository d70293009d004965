import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPushedNotice, showPushedNotice, type AppWindow, type PushScope } from './push-handlers';
import { writePushKinds } from './push-kinds';

const CONVERSATION = '0b7e4f8e-3c1d-4a8b-9f2e-5d6c7b8a9e0f';
const NOTICE = {
  kind: 'mention',
  conversationId: CONVERSATION,
  title: 'On vous a mentionné',
  body: 'Léa vous a mentionné',
};
const payload = (value: unknown) => ({ json: () => value });

/** An app window stand-in; `controlled: false` refuses `navigate`, as an uncontrolled client does. */
function appWindow(
  focused: boolean,
  controlled = true,
): AppWindow & { focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> } {
  return {
    url: 'https://accueil.example/conversations',
    focused,
    focus: vi.fn(() => Promise.resolve()),
    navigate: vi.fn(() => (controlled ? Promise.resolve() : Promise.reject(new TypeError('not controlled')))),
  };
}

/** A service worker scope stand-in with `windows` open. */
function scope(windows: AppWindow[] = []) {
  const stored = new Map<string, Response>();
  const s = {
    location: { origin: 'https://accueil.example' },
    caches: {
      open: () =>
        Promise.resolve({
          put: (url: string, response: Response) => Promise.resolve(void stored.set(url, response)),
          match: (url: string) => Promise.resolve(stored.get(url)?.clone()),
        }),
    },
    registration: {
      showNotification: vi.fn((_title: string, _options: NotificationOptions) => Promise.resolve()),
    },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn((_url: string) => Promise.resolve(null)),
    },
  } satisfies PushScope;
  return s;
}

afterEach(() => vi.restoreAllMocks());

describe('push handler', () => {
  it('shows the notification with the tab tag scheme and the conversation to open, when no app window is focused', async () => {
    const sw = scope([appWindow(false)]);
    await expect(showPushedNotice(sw, payload(NOTICE))).resolves.toBe(true);
    expect(sw.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(sw.registration.showNotification).toHaveBeenCalledWith('On vous a mentionné', {
      body: 'Léa vous a mentionné',
      tag: `accueil-mention-${CONVERSATION}`,
      icon: '/favicon.svg',
      data: { url: `/conversations/${CONVERSATION}` },
    });
  });

  it('shows nothing while a window of the app is focused: the tab announces it itself', async () => {
    const sw = scope([appWindow(false), appWindow(true)]);
    await expect(showPushedNotice(sw, payload(NOTICE))).resolves.toBe(false);
    expect(sw.registration.showNotification).not.toHaveBeenCalled();
  });

  it('shows nothing of a kind turned off in this browser, and the other kinds still', async () => {
    const sw = scope();
    await writePushKinds(sw.caches, { assigned: true, mention: false, 'inbound-text': true });
    await expect(showPushedNotice(sw, payload(NOTICE))).resolves.toBe(false);
    await expect(showPushedNotice(sw, payload({ ...NOTICE, kind: 'assigned' }))).resolves.toBe(true);
    expect(sw.registration.showNotification).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no payload', null],
    ['not JSON', { json: () => JSON.parse('{') as unknown }],
    ['an unknown kind', payload({ ...NOTICE, kind: 'snooze-ended' })],
    ['a conversation that is not an id', payload({ ...NOTICE, conversationId: '../admin' })],
    ['no title', payload({ ...NOTICE, title: undefined })],
  ])('shows nothing and logs for %s', async (_case, data) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sw = scope();
    await expect(showPushedNotice(sw, data)).resolves.toBe(false);
    expect(sw.registration.showNotification).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('notification click handler', () => {
  const notification = () => ({ data: { url: `/conversations/${CONVERSATION}` }, close: vi.fn() });
  const url = `https://accueil.example/conversations/${CONVERSATION}`;

  it('closes it, focuses an open app window and takes it to the conversation', async () => {
    const [first, focused] = [appWindow(false), appWindow(true)];
    const sw = scope([first, focused]);
    const clicked = notification();
    await openPushedNotice(sw, clicked);
    expect(clicked.close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(url);
    expect(first.navigate).not.toHaveBeenCalled();
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window on the conversation when none is open, or the open one cannot be navigated', async () => {
    const none = scope();
    await openPushedNotice(none, notification());
    expect(none.clients.openWindow).toHaveBeenCalledWith(url);

    const uncontrolled = scope([appWindow(false, false)]);
    await openPushedNotice(uncontrolled, notification());
    expect(uncontrolled.clients.openWindow).toHaveBeenCalledWith(url);
  });

  it('opens the app itself, never another site, when the data is not an app path', async () => {
    const sw = scope();
    await openPushedNotice(sw, { data: { url: '//evil.example/x' }, close: vi.fn() });
    expect(sw.clients.openWindow).toHaveBeenCalledWith('https://accueil.example/');
  });
});
