import { BULK_CONVERSATIONS_MAX } from '@accueil/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSelection, keepOnly, selectAll, toggleSelection, updateSelection } from './selection-rules';
import { NO_SELECTION, useBulkSelection } from './use-bulk-selection';

const order = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('bulk selection (toggle, shift range, max)', () => {
  it('toggles one row in and out, remembering it as the anchor', () => {
    const one = toggleSelection(NO_SELECTION, 'c', order);
    expect(one).toEqual({ ids: ['c'], anchor: 'c', capped: false });
    const two = toggleSelection(one, 'a', order);
    expect(two.ids).toEqual(['c', 'a']);
    expect(toggleSelection(two, 'c', order)).toEqual({ ids: ['a'], anchor: 'c', capped: false });
  });

  it('selects the range from the last toggled row with shift, downwards and upwards', () => {
    const anchored = toggleSelection(NO_SELECTION, 'b', order);
    expect(new Set(toggleSelection(anchored, 'e', order, true).ids)).toEqual(new Set(['b', 'c', 'd', 'e']));
    const fromBelow = toggleSelection(NO_SELECTION, 'f', order);
    expect(new Set(toggleSelection(fromBelow, 'd', order, true).ids)).toEqual(new Set(['d', 'e', 'f']));
  });

  it('deselects the range when the shift-clicked row was selected (Gmail’s rule)', () => {
    let state = selectAll(NO_SELECTION, order);
    state = toggleSelection(state, 'b', order); // out: the anchor is b
    state = toggleSelection(state, 'd', order, true);
    expect(state.ids).toEqual(['a', 'e', 'f']);
  });

  it('without an anchor in the list, shift toggles the row alone', () => {
    const stale = { ids: ['z'], anchor: 'z', capped: false };
    expect(toggleSelection(stale, 'c', order, true).ids).toEqual(['z', 'c']);
  });

  it('never holds more than the maximum, and says when it stopped there', () => {
    const many = Array.from({ length: BULK_CONVERSATIONS_MAX + 5 }, (_, i) => `id-${i}`);
    const all = selectAll(NO_SELECTION, many);
    expect(all.ids).toHaveLength(BULK_CONVERSATIONS_MAX);
    expect(all.capped).toBe(true);
    const refused = toggleSelection(all, `id-${BULK_CONVERSATIONS_MAX + 2}`, many);
    expect(refused.ids).toHaveLength(BULK_CONVERSATIONS_MAX);
    expect(refused.capped).toBe(true);
    // A range that does not fit keeps the clicked row first.
    const small = toggleSelection(toggleSelection(NO_SELECTION, 'a', order, false, 3), 'f', order, true, 3);
    expect(small.ids).toEqual(['a', 'f', 'b']);
    expect(small.capped).toBe(true);
  });
});

describe('useBulkSelection', () => {
  it('is emptied when the list shown changes (view, tab, team, search), and clear says whether it held rows', () => {
    const { result, rerender } = renderHook(({ scope }) => useBulkSelection(scope), {
      initialProps: { scope: 'all|active' },
    });
    act(() => updateSelection(result.current, (s) => toggleSelection(s, 'b', order)));
    act(() => updateSelection(result.current, (s) => toggleSelection(s, 'd', order, true)));
    expect(result.current.state.ids).toEqual(['b', 'd', 'c']);

    rerender({ scope: 'mine|active' });
    expect(result.current.state.ids.length).toBe(0);
    // Back to the first list: still empty (the old selection is gone, not hidden).
    rerender({ scope: 'all|active' });
    expect(result.current.state.ids.length).toBe(0);

    act(() => updateSelection(result.current, (s) => selectAll(s, order)));
    expect(result.current.state.ids.length).toBe(6);
    act(() => updateSelection(result.current, (s) => keepOnly(s, ['e'])));
    expect(result.current.state.ids).toEqual(['e']);
    let cleared = false;
    act(() => {
      cleared = clearSelection(result.current);
    });
    expect(cleared).toBe(true);
    expect(result.current.state.ids.length).toBe(0);
    expect(clearSelection(result.current)).toBe(false);
  });
});
