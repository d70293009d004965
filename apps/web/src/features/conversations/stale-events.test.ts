import { describe, expect, it } from 'vitest';
import { isNewerVersion, upsertMessage, VersionTracker } from './stale-events';
import { buildMessage } from './test-fixtures';

describe('stale realtime events', () => {
  it('accepts only strictly newer versions', () => {
    expect(isNewerVersion(undefined, { version: 1 })).toBe(true);
    expect(isNewerVersion({ version: 2 }, { version: 3 })).toBe(true);
    expect(isNewerVersion({ version: 3 }, { version: 3 })).toBe(false);
    expect(isNewerVersion({ version: 4 }, { version: 3 })).toBe(false);
  });

  it('tracks versions per id, removals included', () => {
    const tracker = new VersionTracker();
    expect(tracker.accept('a', 2)).toBe(true);
    expect(tracker.accept('a', 2)).toBe(false);
    expect(tracker.accept('a', 1)).toBe(false);
    expect(tracker.accept('b', 1)).toBe(true);
    // a removal at version 5, then a late update at version 4: the update is dropped
    expect(tracker.accept('a', 5)).toBe(true);
    expect(tracker.accept('a', 4)).toBe(false);
    tracker.note('c', 3);
    expect(tracker.accept('c', 3)).toBe(false);
    expect(tracker.accept('c', 4)).toBe(true);
  });

  it('inserts a new message at its seq and replaces only with a higher version', () => {
    const conversationId = 'c';
    const m1 = buildMessage({ conversationId, seq: 1 });
    const m3 = buildMessage({ conversationId, seq: 3 });
    const m2 = buildMessage({ conversationId, seq: 2 });
    const items = upsertMessage(upsertMessage([m1, m3], m2), m2);
    expect(items.map((m) => m.seq)).toEqual([1, 2, 3]);

    const delivered = { ...m3, status: 'delivered' as const, version: 3 };
    const afterUpdate = upsertMessage(items, delivered);
    expect(afterUpdate[2]!.status).toBe('delivered');

    const staleSent = { ...m3, status: 'sent' as const, version: 2 };
    expect(upsertMessage(afterUpdate, staleSent)).toBe(afterUpdate);
  });
});
