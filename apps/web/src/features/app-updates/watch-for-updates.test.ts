import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  reloadsSilently,
  SERVICE_WORKER_CHECK_MS,
  watchForUpdates,
  type UpdatableWorker,
} from './watch-for-updates';

type Listener = (event: { isUpdate?: boolean }) => void;

/** A Workbox stand-in: the test fires its events. */
function fakeWorker() {
  const listeners: Record<string, Listener[]> = {};
  const update = vi.fn(() => Promise.resolve());
  const worker: UpdatableWorker & { fire: (type: string, event?: { isUpdate?: boolean }) => void } = {
    addEventListener: (type, listener) => void (listeners[type] ??= []).push(listener),
    register: vi.fn(() => Promise.resolve({ update })),
    messageSkipWaiting: vi.fn(),
    fire: (type, event = {}) => listeners[type]?.forEach((l) => l(event)),
  };
  return { worker, update };
}

function host(pathname = '/conversations') {
  return { pathname: () => pathname, ask: vi.fn(), reload: vi.fn(), warn: vi.fn() };
}

describe('watchForUpdates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks the server for a new worker every 60 s, not before', async () => {
    const { worker, update } = fakeWorker();
    const stop = watchForUpdates(worker, host());
    await vi.advanceTimersByTimeAsync(SERVICE_WORKER_CHECK_MS - 1);
    expect(update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SERVICE_WORKER_CHECK_MS);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(SERVICE_WORKER_CHECK_MS * 3);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('asks before taking a waiting worker, and reloads once it controls the page', () => {
    const { worker } = fakeWorker();
    const page = host('/conversations/42');
    watchForUpdates(worker, page);
    worker.fire('waiting');
    expect(page.ask).toHaveBeenCalledTimes(1);
    expect(worker.messageSkipWaiting).not.toHaveBeenCalled();
    expect(page.reload).not.toHaveBeenCalled();

    const accept = page.ask.mock.calls[0]?.[0] as () => void;
    accept();
    expect(worker.messageSkipWaiting).toHaveBeenCalledTimes(1);
    worker.fire('controlling', { isUpdate: true });
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('takes the new version without asking on a public page', () => {
    const { worker } = fakeWorker();
    const page = host('/p/clinic-1/post-2');
    watchForUpdates(worker, page);
    worker.fire('waiting');
    expect(page.ask).not.toHaveBeenCalled();
    expect(worker.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first worker is installed', () => {
    const { worker } = fakeWorker();
    const page = host();
    watchForUpdates(worker, page);
    worker.fire('controlling', { isUpdate: false });
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('keeps checking after a failed check', async () => {
    const { worker, update } = fakeWorker();
    update.mockRejectedValueOnce(new Error('offline'));
    const page = host();
    watchForUpdates(worker, page);
    await vi.advanceTimersByTimeAsync(SERVICE_WORKER_CHECK_MS * 2);
    expect(page.warn).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledTimes(2);
  });
});

describe('reloadsSilently', () => {
  it('is true for the public pages only', () => {
    expect(reloadsSilently('/p/a/b')).toBe(true);
    expect(reloadsSilently('/conversations')).toBe(false);
    expect(reloadsSilently('/personnalisation')).toBe(false);
    expect(reloadsSilently('/pages')).toBe(false);
  });
});
