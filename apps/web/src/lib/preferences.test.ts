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
    });
    localStorage.setItem('accueil.preferences', '{not json');
    expect((await load()).getPreferences()).toEqual({
      sounds: false,
      desktopNotifications: false,
      titleBlink: true,
    });
    localStorage.setItem('accueil.preferences', JSON.stringify({ sounds: 'yes', titleBlink: false }));
    expect((await load()).getPreferences()).toEqual({
      sounds: false,
      desktopNotifications: false,
      titleBlink: false,
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
