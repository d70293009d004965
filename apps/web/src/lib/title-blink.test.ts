import { TITLE_BLINK_NORMAL_MS, TITLE_BLINK_NOTICE_MS } from '@accueil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTitleBlinking, setPageTitle, startTitleBlink, stopTitleBlink } from './title-blink';

describe('title blink (5000 ms notice, 2000 ms normal)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    document.title = 'Accueil';
  });
  afterEach(() => {
    stopTitleBlink();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('alternates between the notice (5 s) and the normal title (2 s)', () => {
    startTitleBlink('(1) Nouveau message');
    expect(document.title).toBe('(1) Nouveau message');
    vi.advanceTimersByTime(TITLE_BLINK_NOTICE_MS - 1);
    expect(document.title).toBe('(1) Nouveau message');
    vi.advanceTimersByTime(1);
    expect(document.title).toBe('Accueil');
    vi.advanceTimersByTime(TITLE_BLINK_NORMAL_MS - 1);
    expect(document.title).toBe('Accueil');
    vi.advanceTimersByTime(1);
    expect(document.title).toBe('(1) Nouveau message');
    vi.advanceTimersByTime(TITLE_BLINK_NOTICE_MS);
    expect(document.title).toBe('Accueil');
  });

  it('stops when the window gets focus and restores the title', () => {
    startTitleBlink('Nouveau message');
    window.dispatchEvent(new Event('focus'));
    expect(isTitleBlinking()).toBe(false);
    expect(document.title).toBe('Accueil');
    vi.advanceTimersByTime(TITLE_BLINK_NOTICE_MS * 3);
    expect(document.title).toBe('Accueil');
  });

  it('stopTitleBlink restores the normal title even mid-notice; a new notice restarts the cycle', () => {
    startTitleBlink('A');
    vi.advanceTimersByTime(TITLE_BLINK_NOTICE_MS + 500);
    startTitleBlink('B');
    expect(document.title).toBe('B');
    vi.advanceTimersByTime(TITLE_BLINK_NOTICE_MS);
    expect(document.title).toBe('Accueil');
    stopTitleBlink();
    expect(document.title).toBe('Accueil');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not blink while the page is focused', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    startTitleBlink('Nouveau message');
    expect(document.title).toBe('Accueil');
    expect(isTitleBlinking()).toBe(false);
  });

  it('setPageTitle: sets the title at once; during a blink it is the title shown between notices and restored', () => {
    setPageTitle('Contacts · Accueil');
    expect(document.title).toBe('Contacts · Accueil');
    startTitleBlink('Nouveau message');
    setPageTitle('FAQ · Accueil');
    expect(document.title).toBe('Nouveau message');
    vi.advanceTimersByTime(TITLE_BLINK_NOTICE_MS);
    expect(document.title).toBe('FAQ · Accueil');
    setPageTitle('Agenda · Accueil');
    expect(document.title).toBe('Agenda · Accueil');
    vi.advanceTimersByTime(TITLE_BLINK_NORMAL_MS);
    expect(document.title).toBe('Nouveau message');
    stopTitleBlink();
    expect(document.title).toBe('Agenda · Accueil');
  });
});
