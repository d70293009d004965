import { describe, expect, it } from 'vitest';
import { applyConversationToList } from '../conversations/list-cache';
import { buildConversation, fakeId, listData } from '../conversations/test-fixtures';

/*
 * Labels in the list cache (docs/behaviour/labels.md): a list filtered by a label takes in and
 * lets go of conversations as their labels change; an announcement without labels (an inbound
 * text's) keeps the labels the row had.
 */

const urgent = { id: fakeId(), name: 'Urgent', color: 'red' as const };
const billing = { id: fakeId(), name: 'Billing', color: 'green' as const };
const at = (hour: number) => `2026-02-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
const ids = (data: ReturnType<typeof listData> | undefined) =>
  data?.pages.flatMap((p) => p.items.map((c) => c.id));

describe('labels in the conversation list cache', () => {
  const a = buildConversation({ updatedAt: at(12), labels: [urgent] });
  const b = buildConversation({ updatedAt: at(10), labels: [] });
  const filtered = { status: 'active' as const, search: '', labelId: urgent.id };

  it('a conversation labelled with the filter joins the filtered list; one unlabelled leaves it', () => {
    const data = listData([[a]]);
    const labelled = { ...b, version: b.version + 1, labels: [urgent] };
    expect(ids(applyConversationToList(data, labelled, filtered))).toEqual([a.id, b.id]);
    const unlabelled = { ...a, version: a.version + 1, labels: [billing] };
    expect(ids(applyConversationToList(data, unlabelled, filtered))).toEqual([]);
  });

  it('an unfiltered list keeps every conversation whatever its labels', () => {
    const data = listData([[a, b]]);
    const next = applyConversationToList(
      data,
      { ...a, version: a.version + 1, labels: [] },
      {
        status: 'active',
        search: '',
      },
    );
    expect(ids(next)).toEqual([a.id, b.id]);
  });

  it('an announcement without labels keeps the labels the row had, in a filtered list too', () => {
    const data = listData([[a]]);
    const { labels: _dropped, ...withoutLabels } = a;
    const next = applyConversationToList(
      data,
      { ...withoutLabels, version: a.version + 1, updatedAt: at(13) },
      filtered,
    );
    expect(next?.pages[0]?.items[0]).toMatchObject({ id: a.id, labels: [urgent], version: a.version + 1 });
  });
});
