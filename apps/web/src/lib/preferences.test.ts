import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Fresh module state per test: the preferences are cached in the module. */
async function load() {
  vi.resetModules();
  return import('./preferences');
}

describe('device preferences', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('are the defaults when nothing or something unreadable is stored: the title blinks, no sound, no desktop notification', async () => {
    expect((await load()).getPreferences()).toEqual({
      sounds: false,
      desktopNotifications: false,
      titleBlink: true,
      notifyAssigned: true,
      notifyMentions: true,
      notifyInbound: true,
    });
    localStorage.setItem('accueil.preferences', '{not json');
    expect((await load()).getPreferences()).toEqual({
      sounds: false,
      desktopNotifications: false,
      titleBlink: true,
      notifyAssigned: true,
      notifyMentions: true,
      notifyInbound: true,
    });
    localStorage.setItem(
      'accueil.preferences',
      JSON.stringify({ sounds: 'yes', titleBlink: false, notifyMentions: false }),
    );
    expect((await load()).getPreferences()).toEqual({
      sounds: false,
      desktopNotifications: false,
      titleBlink: false,
      notifyAssigned: true,
      notifyMentions: false,
      notifyInbound: true,
    });
  });

  it('keep a change in this browser and tell every reader', async () => {
    const { getPreferences, setPreferences } = await load();
    setPreferences({ sounds: true });
    expect(getPreferences().sounds).toBe(true);
    expect(JSON.parse(localStorage.getItem('accueil.preferences')!)).toMatchObject({
      sounds: true,
      titleBlink: true,
    });
    expect((await load()).getPreferences().sounds).toBe(true);
  });
});

describe('announceInbound', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('blinks the title by default, and shows a desktop notification only when opted in, allowed and the tab is hidden, saying only the notice', async () => {
    vi.resetModules();
    const blink = vi.fn();
    vi.doMock('./title-blink', () => ({ startTitleBlink: blink }));
    const shown: { title: string; options: NotificationOptions }[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { announceInbound } = await import('./inbound-notice');
    const { setPreferences } = await import('./preferences');

    announceInbound('Nouveau message');
    expect(blink).toHaveBeenCalledWith('Nouveau message');
    expect(shown).toEqual([]);

    setPreferences({ desktopNotifications: true, titleBlink: false });
    announceInbound('Nouveau message');
    expect(blink).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([
      { title: 'Accueil', options: { body: 'Nouveau message', tag: 'accueil-inbound' } },
    ]);

    visibility.mockReturnValue('visible');
    announceInbound('Nouveau message');
    FakeNotification.permission = 'denied';
    visibility.mockReturnValue('hidden');
    announceInbound('Nouveau message');
    expect(shown).toHaveLength(1);
    vi.doUnmock('./title-blink');
  });
});

// Each test imports the modules afresh (vi.resetModules): slow on a busy machine, hence the time.
describe('announceNotification', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.doUnmock('./notification-sound');
  });

  /** The module with a recorded sound and Notification, the tab hidden. */
  async function setUp() {
    vi.resetModules();
    const play = vi.fn();
    vi.doMock('./notification-sound', () => ({ playNotificationSound: play }));
    const shown: { title: string; options: NotificationOptions; onclick: (() => void) | null }[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown.push(Object.assign(this, { title, options }));
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { announceNotification, announceInbound } = await import('./inbound-notice');
    const { setPreferences } = await import('./preferences');
    const { setOwnPresence } = await import('./presence');
    const onOpen = vi.fn();
    const assigned = {
      kind: 'assigned' as const,
      conversationId: 'c1',
      title: 'Conversation assignée à vous',
      body: 'Marie vous a assigné la conversation avec Léa',
      onOpen,
    };
    return {
      play,
      shown,
      visibility,
      announceNotification,
      announceInbound,
      setPreferences,
      setOwnPresence,
      onOpen,
      assigned,
    };
  }

  it('shows nothing and plays nothing by default (both opt-in)', async () => {
    const { play, shown, announceNotification, assigned } = await setUp();
    expect(announceNotification(assigned)).toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it("plays the kind's sound and shows the localised title and body while hidden; a click opens the conversation", async () => {
    const { play, shown, announceNotification, setPreferences, assigned, onOpen } = await setUp();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    setPreferences({ sounds: true, desktopNotifications: true });
    expect(announceNotification(assigned)).toBe(true);
    expect(play).toHaveBeenCalledWith('assigned');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      title: 'Conversation assignée à vous',
      options: { body: 'Marie vous a assigné la conversation avec Léa', tag: 'accueil-assigned-c1' },
    });
    shown[0]!.onclick!();
    expect(focus).toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('shows no desktop notification while the tab is visible and focused, but still sounds', async () => {
    const { play, shown, visibility, announceNotification, setPreferences, assigned } = await setUp();
    visibility.mockReturnValue('visible');
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    setPreferences({ sounds: true, desktopNotifications: true });
    expect(announceNotification({ ...assigned, kind: 'mention' })).toBe(false);
    expect(play).toHaveBeenCalledWith('mention');
    expect(shown).toEqual([]);
  });

  it('is silent while the person is busy, and does nothing for a kind turned off', async () => {
    const { play, shown, announceNotification, announceInbound, setPreferences, setOwnPresence, assigned } =
      await setUp();
    setPreferences({ sounds: true, desktopNotifications: true, notifyInbound: false });
    setOwnPresence('busy');
    expect(announceNotification(assigned)).toBe(true);
    announceInbound('Nouveau message');
    expect(play).not.toHaveBeenCalled();
    expect(shown).toHaveLength(2);
    setOwnPresence('online');
    expect(announceNotification({ ...assigned, kind: 'inbound-text' })).toBe(false);
    expect(play).not.toHaveBeenCalled();
    expect(shown).toHaveLength(2);
  });

  it("announceInbound quiet (a text on the person's own conversation) only blinks the title", async () => {
    const { play, shown, announceInbound, setPreferences } = await setUp();
    setPreferences({ sounds: true, desktopNotifications: true });
    announceInbound('Nouveau message', true);
    expect(play).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
    announceInbound('Nouveau message');
    expect(play).toHaveBeenCalledWith('inbound-text');
    expect(shown).toHaveLength(1);
  });
});
