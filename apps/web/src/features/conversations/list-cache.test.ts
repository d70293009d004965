import { describe, expect, it } from 'vitest';
import { applyConversationToList, applyMessageToList, removeConversationFromList } from './list-cache';
import { buildConversation, buildMessage, listData } from './test-fixtures';

const at = (hour: number) => `2026-02-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
const ids = (data: ReturnType<typeof listData> | undefined) =>
  data?.pages.flatMap((p) => p.items.map((c) => c.id));
const active = { status: 'active' as const, search: '' };

describe('conversation list cache and realtime events', () => {
  const a = buildConversation({ updatedAt: at(12) });
  const b = buildConversation({ updatedAt: at(10) });
  const c = buildConversation({ updatedAt: at(8) });

  it('moves an updated conversation to its place and keeps page sizes', () => {
    const data = listData([[a, b], [c]]);
    const next = applyConversationToList(data, { ...c, version: 2, updatedAt: at(13) }, active);
    expect(ids(next)).toEqual([c.id, a.id, b.id]);
    expect(next!.pages.map((p) => p.items.length)).toEqual([2, 1]);
    expect(next!.pages[0]!.nextCursor).toBe('cursor-1');
  });

  it('drops a stale conversation:updated', () => {
    const data = listData([[{ ...a, version: 5 }, b]]);
    expect(applyConversationToList(data, { ...a, version: 4, updatedAt: at(1) }, active)).toBe(data);
  });

  it('takes an archived conversation out of the active list and into the archived one', () => {
    const archived = { ...b, status: 'inactive' as const, version: 2, updatedAt: at(14) };
    expect(ids(applyConversationToList(listData([[a, b, c]]), archived, active))).toEqual([a.id, c.id]);
    const inactiveList = listData([[buildConversation({ status: 'inactive', updatedAt: at(9) })]]);
    const next = applyConversationToList(inactiveList, archived, { status: 'inactive', search: '' });
    expect(ids(next)?.[0]).toBe(b.id);
  });

  it('moves a snoozed conversation from the active list to the snoozed one, and back when it wakes', () => {
    const snoozed = { ...b, version: 2, snoozedUntil: '2026-02-02T13:00:00.000Z' };
    expect(ids(applyConversationToList(listData([[a, b, c]]), snoozed, active))).toEqual([a.id, c.id]);
    const snoozedScope = { status: 'snoozed' as const, search: '' };
    const other = buildConversation({ updatedAt: at(9), snoozedUntil: '2026-02-03T13:00:00.000Z' });
    const snoozedList = applyConversationToList(listData([[other]]), snoozed, snoozedScope);
    expect(ids(snoozedList)).toEqual([b.id, other.id]);
    // Woken (its time came, or the contact wrote): out of the snoozed list, at the top of the active one.
    const woken = { ...b, version: 3, snoozedUntil: null, updatedAt: at(15) };
    expect(ids(applyConversationToList(snoozedList, woken, snoozedScope))).toEqual([other.id]);
    expect(ids(applyConversationToList(listData([[a, c]]), woken, active))).toEqual([b.id, a.id, c.id]);
  });

  it('puts a pinned conversation at the top', () => {
    const next = applyConversationToList(
      listData([[a, b, c]]),
      { ...c, version: 2, attributes: { pinned: true } },
      active,
    );
    expect(ids(next)).toEqual([c.id, a.id, b.id]);
  });

  it('does not add unknown rows to a searched list, nor rows past the loaded end when more pages exist', () => {
    const fresh = buildConversation({ updatedAt: at(1) });
    const data = listData([[a, b]], 'more');
    expect(applyConversationToList(data, fresh, active)).toBe(data);
    expect(
      applyConversationToList(data, { ...fresh, updatedAt: at(20) }, { status: 'active', search: 'abc' }),
    ).toBe(data);
    expect(ids(applyConversationToList(data, { ...fresh, updatedAt: at(20) }, active))).toEqual([
      fresh.id,
      a.id,
      b.id,
    ]);
  });

  it('keeps each view to its conversations: assigned to me joins Mine and leaves Unassigned', () => {
    const me = '00000000-0000-4000-8000-0000000000aa';
    const mine = { status: 'active' as const, search: '', view: 'mine' as const, me };
    const unassigned = { status: 'active' as const, search: '', view: 'unassigned' as const, me };
    const assigned = { ...b, version: 2, assignee: { id: me, name: 'Marie Tremblay' } };
    expect(ids(applyConversationToList(listData([[a]]), assigned, mine))).toEqual([a.id, b.id]);
    expect(ids(applyConversationToList(listData([[a, b, c]]), assigned, unassigned))).toEqual([a.id, c.id]);
    const toSomeoneElse = { ...assigned, version: 3, assignee: { id: c.id, name: 'Luc Roy' } };
    expect(ids(applyConversationToList(listData([[a, b]]), toSomeoneElse, mine))).toEqual([a.id]);
    expect(ids(applyConversationToList(listData([[a, b]]), toSomeoneElse, active))).toEqual([a.id, b.id]);
  });

  it('removes a deleted conversation', () => {
    expect(ids(removeConversationFromList(listData([[a, b], [c]]), b.id))).toEqual([a.id, c.id]);
  });

  it('shows a message:created as the row preview and moves the row up', () => {
    const message = buildMessage({ conversationId: c.id, seq: 4, body: 'Nouveau', createdAt: at(15) });
    const next = applyMessageToList(listData([[a, b, c]]), message, active);
    expect(ids(next)).toEqual([c.id, a.id, b.id]);
    const row = next!.pages[0]!.items[0]!;
    expect(row.lastMessage?.body).toBe('Nouveau');
    expect(row.lastSeq).toBe(4);
    expect(row.version).toBe(c.version);
  });

  it('ignores a message older than the row preview', () => {
    const data = listData([[{ ...a, lastSeq: 9 }]]);
    expect(applyMessageToList(data, buildMessage({ conversationId: a.id, seq: 3 }), active)).toBe(data);
  });
});

describe('a search of both lists in the cache', () => {
  const both = { status: 'all' as const, search: 'rappel' };
  const match = { messageId: '00000000-0000-4000-8000-0000000000aa', body: 'Un rappel', createdAt: at(9) };
  const first = { ...buildConversation({ updatedAt: at(12) }), match };
  const archived = { ...buildConversation({ updatedAt: at(11), status: 'inactive' }), match };

  it('updates the rows it shows in place, keeping their match, and adds none', () => {
    const data = listData([[first, archived]]);
    const next = applyConversationToList(
      data,
      { ...buildConversation({ id: archived.id, status: 'active', version: 2, updatedAt: at(15) }) },
      both,
    );
    expect(ids(next)).toEqual([first.id, archived.id]);
    expect(next!.pages[0]!.items[1]).toMatchObject({ status: 'active', match });
    expect(applyConversationToList(data, buildConversation({ updatedAt: at(20) }), both)).toBe(data);
  });

  it('shows a new message in its row without moving it', () => {
    const message = buildMessage({ conversationId: archived.id, seq: 9, body: 'Nouveau', createdAt: at(16) });
    const next = applyMessageToList(listData([[first, archived]]), message, both);
    expect(ids(next)).toEqual([first.id, archived.id]);
    expect(next!.pages[0]!.items[1]).toMatchObject({ lastMessage: { body: 'Nouveau' }, match });
  });
});
