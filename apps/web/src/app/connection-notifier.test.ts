import { CONNECTION_UNSTABLE_NOTICE_MIN_INTERVAL_MS } from '@accueil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnectionNotifier } from './connection-notifier';

describe("connection notices ('Connection unstable' at most once per 10 s)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const sink = { unstable: vi.fn(), initializationFailed: vi.fn() };
    return { sink, notify: createConnectionNotifier(sink) };
  };

  it('shows the notice when the connection drops, not more than once per 10 s', () => {
    const { sink, notify } = setup();
    notify('connected');
    notify('reconnecting');
    expect(sink.unstable).toHaveBeenCalledTimes(1);
    notify('connected');
    vi.advanceTimersByTime(CONNECTION_UNSTABLE_NOTICE_MIN_INTERVAL_MS - 1);
    notify('reconnecting');
    expect(sink.unstable).toHaveBeenCalledTimes(1);
    notify('connected');
    vi.advanceTimersByTime(1);
    notify('reconnecting');
    expect(sink.unstable).toHaveBeenCalledTimes(2);
  });

  it('counts a failed first connection as unstable, and staying unstable is not a new drop', () => {
    const { sink, notify } = setup();
    notify('connecting');
    notify('connection-failed');
    vi.advanceTimersByTime(CONNECTION_UNSTABLE_NOTICE_MIN_INTERVAL_MS * 2);
    notify('reconnecting');
    notify('reconnecting');
    expect(sink.unstable).toHaveBeenCalledTimes(1);
  });

  it('says when initialisation failed', () => {
    const { sink, notify } = setup();
    notify('initializing');
    notify('initialization-failed');
    expect(sink.initializationFailed).toHaveBeenCalledTimes(1);
    expect(sink.unstable).not.toHaveBeenCalled();
  });
});
