import { OAUTH_POPUP_POLL_MS } from '@accueil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAuthorizationPopup } from './authorization-popup';

describe('the provider’s authorisation popup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the link at 800×600 and resolves at the first check after the popup closed', async () => {
    const popup = { closed: false } as Window;
    const open = vi.fn((..._args: [string, string, string]) => popup);
    const result = openAuthorizationPopup('https://accounts.example/auth?x=1', open);
    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0]!;
    expect(url).toBe('https://accounts.example/auth?x=1');
    expect(features).toContain('width=800');
    expect(features).toContain('height=600');
    if (result.blocked) throw new Error('not blocked');
    let done = false;
    void result.closed.then(() => (done = true));

    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_POLL_MS * 3);
    expect(done).toBe(false);
    (popup as { closed: boolean }).closed = true;
    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_POLL_MS - 1);
    // Closed between two checks: noticed at the next check, not before.
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says so when the browser blocked the popup', () => {
    expect(openAuthorizationPopup('https://accounts.example/auth', () => null)).toEqual({ blocked: true });
  });

  it('stops watching when asked (the screen was left)', async () => {
    const result = openAuthorizationPopup(
      'https://accounts.example/auth',
      () => ({ closed: false }) as Window,
    );
    if (result.blocked) throw new Error('not blocked');
    result.stop();
    await expect(result.closed).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
