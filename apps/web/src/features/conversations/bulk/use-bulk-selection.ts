import { useState, type Dispatch, type SetStateAction } from 'react';

/** The selected rows of one list: ids in the order they were added, and the last one toggled. */
export interface SelectionState {
  ids: readonly string[];
  /** The row a shift-click's range starts from (the last one toggled), or null. */
  anchor: string | null;
  /** True when the last change stopped at BULK_CONVERSATIONS_MAX (the bar says so). */
  capped: boolean;
}

/** Nothing selected. */
export const NO_SELECTION: SelectionState = { ids: [], anchor: null, capped: false };

/** A selection and the list it was made in (`scope`, see {@link useBulkSelection}). */
export type ScopedSelection = SelectionState & { scope: string };

/**
 * The selection of the list shown ({@link useBulkSelection}): its state (empty when made in
 * another list), the list's scope, and React's setter. What changes it (toggle, shift range,
 * select all, the maximum, clear) is in `selection-rules.ts`, used by the parts that load after
 * the list (the checkboxes, the `x` key, the bar): the inbox's first load holds only this state.
 */
export interface BulkSelection {
  state: SelectionState;
  scope: string;
  set: Dispatch<SetStateAction<ScopedSelection>>;
}

/**
 * The bulk selection of the inbox's list (issue 26; docs/behaviour/assignment.md, "Web").
 * `scope` names the list shown (its team, tab, view, search, label): when it changes, the
 * selection is emptied in the same render (the state remembers the scope it was made in),
 * without an effect.
 */
export function useBulkSelection(scope: string): BulkSelection {
  const [state, set] = useState<ScopedSelection>({ ...NO_SELECTION, scope });
  if (state.scope !== scope) set({ ...NO_SELECTION, scope });
  return { state: state.scope === scope ? state : NO_SELECTION, scope, set };
}
