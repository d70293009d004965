import type { PolledEvent, PollingPage } from '@accueil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPollingTransport, type PollingTransportOptions } from './polling-transport';

/** The polling loop of organisations in France (docs/behaviour/france.md): 2.5 s, 5 failures. */

const page = (cursor: string, events: PolledEvent[] = [], more = false, reset = false): PollingPage => ({
  cursor,
  events,
  more,
  reset,
});
const event = (seq: string): PolledEvent => ({
  seq,
  type: 'remove',
  name: 'conversation:removed',
  payload: { id: crypto.randomUUID(), userGroupId: crypto.randomUUID(), version: Number(seq) },
});

function loop(fetchPage: PollingTransportOptions['fetchPage']) {
  const events: string[] = [];
  const states: string[] = [];
  const onReset = vi.fn();
  const transport = createPollingTransport({
    fetchPage,
    onEvent: (e) => events.push(e.seq),
    onReset,
    onStateChange: (s) => states.push(s),
  });
  return { transport, events, states, onReset };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the polling transport', () => {
  it('polls at once from the present, then every 2.5 s with the last answer’s cursor', async () => {
    const fetchPage = vi
      .fn<PollingTransportOptions['fetchPage']>()
      .mockResolvedValueOnce(page('4'))
      .mockResolvedValueOnce(page('6', [event('5'), event('6')]))
      .mockResolvedValue(page('6'));
    const { transport, events, states } = loop(fetchPage);
    transport.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchPage.mock.calls).toEqual([[undefined]]);
    await vi.advanceTimersByTimeAsync(2499);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchPage.mock.calls).toEqual([[undefined], ['4']]);
    expect(events).toEqual(['5', '6']);
    await vi.advanceTimersByTimeAsync(2500);
    expect(fetchPage.mock.calls.at(-1)).toEqual(['6']);
    expect(states).toEqual(['polling']);
    transport.stop();
  });

  it('polls again at once when the page was full', async () => {
    const fetchPage = vi
      .fn<PollingTransportOptions['fetchPage']>()
      .mockResolvedValueOnce(page('0'))
      .mockResolvedValueOnce(page('2', [event('1'), event('2')], true))
      .mockResolvedValue(page('3', [event('3')]));
    const { transport, events } = loop(fetchPage);
    transport.start();
    await vi.advanceTimersByTimeAsync(2500);
    // The full page's follow-up is due at once (0 ms), not 2.5 s later.
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchPage.mock.calls).toEqual([[undefined], ['0'], ['2']]);
    expect(events).toEqual(['1', '2', '3']);
    transport.stop();
  });

  it('stops after 5 consecutive failures, and resumes from the kept cursor', async () => {
    const fetchPage = vi
      .fn<PollingTransportOptions['fetchPage']>()
      .mockResolvedValueOnce(page('7'))
      .mockRejectedValue(new Error('offline'));
    const { transport, states } = loop(fetchPage);
    transport.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(4 * 2500);
    expect(fetchPage).toHaveBeenCalledTimes(5);
    expect(states).toEqual(['polling']);
    await vi.advanceTimersByTimeAsync(2500);
    expect(fetchPage).toHaveBeenCalledTimes(6);
    expect(states).toEqual(['polling', 'stopped']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchPage).toHaveBeenCalledTimes(6);

    fetchPage.mockReset().mockResolvedValue(page('9', [event('8'), event('9')]));
    transport.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchPage.mock.calls).toEqual([['7']]);
    expect(states).toEqual(['polling', 'stopped', 'polling']);
    transport.stop();
  });

  it('counts only consecutive failures: a success in between starts the count again', async () => {
    const fetchPage = vi.fn<PollingTransportOptions['fetchPage']>();
    for (let i = 0; i < 4; i++) fetchPage.mockRejectedValueOnce(new Error('503'));
    fetchPage.mockResolvedValueOnce(page('1'));
    for (let i = 0; i < 4; i++) fetchPage.mockRejectedValueOnce(new Error('503'));
    fetchPage.mockResolvedValue(page('1'));
    const { transport, states } = loop(fetchPage);
    transport.start();
    await vi.advanceTimersByTimeAsync(10 * 2500);
    expect(fetchPage.mock.calls.length).toBeGreaterThanOrEqual(10);
    expect(states).toEqual(['polling']);
    transport.stop();
  });

  it('reloads the screens when the server says events were lost (reset), not on the first poll', async () => {
    const fetchPage = vi
      .fn<PollingTransportOptions['fetchPage']>()
      .mockResolvedValueOnce(page('3', [], false, true))
      .mockResolvedValueOnce(page('40', [], false, true))
      .mockResolvedValue(page('40'));
    const { transport, onReset } = loop(fetchPage);
    transport.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onReset).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2500);
    expect(onReset).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2500);
    expect(fetchPage.mock.calls.at(-1)).toEqual(['40']);
    transport.stop();
  });

  it('polls no more once stopped, and drops an answer that arrives after', async () => {
    let answer: (p: PollingPage) => void = () => undefined;
    const fetchPage = vi.fn(() => new Promise<PollingPage>((resolve) => (answer = resolve)));
    const { transport, events, states } = loop(fetchPage);
    transport.start();
    await vi.advanceTimersByTimeAsync(0);
    transport.stop();
    answer(page('2', [event('1'), event('2')]));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
    expect(states).toEqual(['polling', 'off']);
  });
});
