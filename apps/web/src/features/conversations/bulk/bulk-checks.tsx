import type { Conversation } from '@accueil/domain';
import type { VirtualItem } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { conversationTitle } from '../display';
import { toggleSelection, updateSelection } from './selection-rules';
import type { BulkSelection } from './use-bulk-selection';

/** Props of {@link BulkChecks}. */
export interface BulkChecksProps {
  /** The rows the virtualiser shows (their place in the list). */
  rows: readonly VirtualItem[];
  /** The loaded conversations, in the list's order. */
  items: readonly Conversation[];
  selection: BulkSelection;
}

/**
 * The rows' selection checkboxes ("Select the conversation with X"), over each row's avatar
 * (Front's way: the avatar turns into a checkbox under the pointer, on focus, and on every row
 * once something is selected). They sit beside the listbox, not inside it: a listbox holds only
 * options, and an option's content is presentational (axe's aria-required-children and
 * nested-interactive). They stay out of the Tab order, the list being one Tab stop: the keyboard
 * selects with `x`, and each option says whether it is selected (`aria-checked`). Shift-click
 * selects the range from the last row toggled.
 */
export function BulkChecks({ rows, items, selection }: BulkChecksProps) {
  const intl = useIntl();
  // A click on the cell around the box reaches the box as a synthetic click: its Shift is read here.
  const shift = useRef(false);
  const order = items.map((c) => c.id);
  return (
    <div data-check-layer data-selecting={selection.state.ids.length > 0 || undefined}>
      {rows.map((row) => {
        const conversation = items[row.index];
        if (!conversation) return null;
        const checked = selection.state.ids.includes(conversation.id);
        return (
          <label
            key={row.key}
            style={{ top: row.start + (row.size - 40) / 2 }}
            data-checked={checked || undefined}
            onPointerDown={(e) => {
              shift.current = e.shiftKey;
            }}
            // The focus stays where it was (a row, for `x` and the list's keys); no text is
            // selected by a shift-click.
            onMouseDown={(e) => e.preventDefault()}
          >
            <input
              type="checkbox"
              tabIndex={-1}
              checked={checked}
              aria-label={intl.formatMessage(
                { id: 'conversations.bulk.select' },
                { name: conversationTitle(conversation, intl) },
              )}
              onChange={(e) => {
                const range = shift.current || (e.nativeEvent as MouseEvent).shiftKey === true;
                shift.current = false;
                updateSelection(selection, (s) => toggleSelection(s, conversation.id, order, range));
              }}
            />
          </label>
        );
      })}
    </div>
  );
}
