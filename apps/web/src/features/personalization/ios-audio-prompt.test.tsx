import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPreferences } from '../../lib/preferences';
import { renderWithProviders } from '../../test/render-with-providers';
import { IOS_AUDIO_PROMPT_DELAY_MS, IosAudioPrompt, isIosDevice } from './ios-audio-prompt';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1';

describe('isIosDevice', () => {
  it('knows an iPhone by its user agent and an iPad by a Mac with touch points; a desktop is not iOS', () => {
    expect(isIosDevice({ userAgent: IPHONE, platform: 'iPhone', maxTouchPoints: 5 })).toBe(true);
    expect(
      isIosDevice({
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
        platform: 'MacIntel',
        maxTouchPoints: 5,
      }),
    ).toBe(true);
    expect(
      isIosDevice({
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
        platform: 'MacIntel',
        maxTouchPoints: 0,
      }),
    ).toBe(false);
    expect(
      isIosDevice({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
        platform: 'Linux x86_64',
        maxTouchPoints: 0,
      }),
    ).toBe(false);
  });
});

describe('IosAudioPrompt', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('on iOS, shows after one second; allowing turns the chime on and hides it for this tab', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    renderWithProviders(<IosAudioPrompt />);
    expect(screen.queryByTestId('ios-audio-prompt')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(IOS_AUDIO_PROMPT_DELAY_MS));
    const prompt = await screen.findByRole('region', { name: 'Sons de notification' });
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Permettre les sons' }));
    expect(prompt.isConnected).toBe(false);
    expect(getPreferences().sounds).toBe(true);
    expect(sessionStorage.getItem('accueil.iosAudioPrompt')).toBe('1');
  });

  it('never shows on a desktop browser', async () => {
    renderWithProviders(<IosAudioPrompt />);
    await act(() => vi.advanceTimersByTimeAsync(IOS_AUDIO_PROMPT_DELAY_MS * 3));
    expect(screen.queryByTestId('ios-audio-prompt')).toBeNull();
  });
});
