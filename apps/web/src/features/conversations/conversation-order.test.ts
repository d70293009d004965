import { describe, expect, it } from 'vitest';
import {
  compareConversations,
  insertionIndex,
  nextAfterArchive,
  sortConversations,
} from './conversation-order';
import { buildConversation } from './test-fixtures';

const at = (hour: number) => `2026-02-01T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('conversation ordering', () => {
  const old = buildConversation({ updatedAt: at(8) });
  const recent = buildConversation({ updatedAt: at(12) });
  const pinnedOld = buildConversation({ updatedAt: at(7), attributes: { pinned: true } });

  it('puts pinned conversations first in the active list, then the latest update', () => {
    expect(sortConversations('active', [old, recent, pinnedOld]).map((c) => c.id)).toEqual([
      pinnedOld.id,
      recent.id,
      old.id,
    ]);
  });

  it('ignores pins in the archived list: latest update only', () => {
    expect(sortConversations('inactive', [old, pinnedOld, recent]).map((c) => c.id)).toEqual([
      recent.id,
      old.id,
      pinnedOld.id,
    ]);
  });

  it('orders pinned conversations among themselves by latest update', () => {
    const pinnedNew = buildConversation({ updatedAt: at(9), attributes: { pinned: true } });
    expect(sortConversations('active', [pinnedOld, recent, pinnedNew]).map((c) => c.id)).toEqual([
      pinnedNew.id,
      pinnedOld.id,
      recent.id,
    ]);
  });

  it('breaks ties on the id so the order is total', () => {
    const a = buildConversation({ id: 'aaaaaaaa-0000-4000-8000-000000000000', updatedAt: at(10) });
    const b = buildConversation({ id: 'bbbbbbbb-0000-4000-8000-000000000000', updatedAt: at(10) });
    expect(compareConversations('active', a, b)).toBeGreaterThan(0);
    expect(compareConversations('active', b, a)).toBeLessThan(0);
    expect(compareConversations('active', a, a)).toBe(0);
  });

  it('finds the insertion index of a conversation in an ordered list', () => {
    const list = sortConversations('active', [old, recent, pinnedOld]);
    expect(insertionIndex('active', list, buildConversation({ updatedAt: at(10) }))).toBe(2);
    expect(insertionIndex('active', list, buildConversation({ updatedAt: at(13) }))).toBe(1);
    expect(
      insertionIndex('active', list, buildConversation({ updatedAt: at(1), attributes: { pinned: true } })),
    ).toBe(1);
    expect(insertionIndex('active', list, buildConversation({ updatedAt: at(1) }))).toBe(3);
  });
});

describe('the conversation opened after archiving', () => {
  const [a, b, c] = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('is the one below, else the one above', () => {
    expect(nextAfterArchive([a, b, c], 'b')).toBe(c);
    expect(nextAfterArchive([a, b, c], 'c')).toBe(b);
    expect(nextAfterArchive([a, b, c], 'a')).toBe(b);
  });

  it('is none when the archived one is alone or not in the list', () => {
    expect(nextAfterArchive([a], 'a')).toBeUndefined();
    expect(nextAfterArchive([a, b], 'z')).toBeUndefined();
  });
});
