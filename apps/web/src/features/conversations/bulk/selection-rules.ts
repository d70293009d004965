import { BULK_CONVERSATIONS_MAX } from '@accueil/domain';
import { NO_SELECTION, type BulkSelection, type SelectionState } from './use-bulk-selection';

/** Adds `add` to `ids` in order, without duplicates, up to `max`; `capped` when some did not fit. */
function withAdded(ids: readonly string[], add: readonly string[], max: number) {
  const next = [...ids];
  const seen = new Set(ids);
  let capped = false;
  for (const id of add) {
    if (seen.has(id)) continue;
    if (next.length >= max) {
      capped = true;
      break;
    }
    seen.add(id);
    next.push(id);
  }
  return { ids: next, capped };
}

/**
 * Toggles the row `id` (docs/behaviour/assignment.md, "Web", bulk actions). With `range` (a
 * shift-click) and an anchor still in `order`, every row from the anchor to `id` takes the new
 * state of `id` (Gmail's rule: selected if `id` was not). Never more than `max` rows: the
 * additions stop there and `capped` says so. `order` is the list's loaded ids, top to bottom.
 */
export function toggleSelection(
  state: SelectionState,
  id: string,
  order: readonly string[],
  range = false,
  max = BULK_CONVERSATIONS_MAX,
): SelectionState {
  const selecting = !state.ids.includes(id);
  const from = range && state.anchor !== null ? order.indexOf(state.anchor) : -1;
  const to = order.indexOf(id);
  const span = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  if (!selecting) {
    const drop = new Set(span);
    return { ids: state.ids.filter((i) => !drop.has(i)), anchor: id, capped: false };
  }
  // The clicked row first, so that it is the one kept when the range does not fit.
  return { ...withAdded(state.ids, [id, ...span], max), anchor: id };
}

/** Selects every loaded row (`order`), up to `max`, keeping those selected already. */
export function selectAll(
  state: SelectionState,
  order: readonly string[],
  max = BULK_CONVERSATIONS_MAX,
): SelectionState {
  return { ...withAdded(state.ids, order, max), anchor: state.anchor };
}

/** Keeps only the selected rows among `ids` (those the server refused, after a bulk action). */
export function keepOnly(state: SelectionState, ids: readonly string[]): SelectionState {
  return { ...state, ids: state.ids.filter((i) => ids.includes(i)), capped: false };
}

/** Applies `change` to the selection of the list shown (a selection made in another list counts as empty). */
export function updateSelection(
  selection: BulkSelection,
  change: (current: SelectionState) => SelectionState,
): void {
  const { scope } = selection;
  selection.set((s) => ({ ...change(s.scope === scope ? s : NO_SELECTION), scope }));
}

/** Empties the selection; true when something was selected (Esc clears it before anything else). */
export function clearSelection(selection: BulkSelection): boolean {
  if (selection.state.ids.length === 0) return false;
  updateSelection(selection, () => NO_SELECTION);
  return true;
}
