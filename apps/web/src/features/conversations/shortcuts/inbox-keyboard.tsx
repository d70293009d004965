import { Suspense, lazy, useState } from 'react';
import { clearSelection, toggleSelection, updateSelection } from '../bulk/bulk-parts';
import { useInboxShortcuts, type InboxShortcutOptions } from './use-inbox-shortcuts';

// The help sheet comes with the first `?`.
const ShortcutSheet = lazy(() => import('./shortcut-sheet'));

/** Props of {@link InboxKeyboard}: what the shortcuts act on, but the help sheet and the list's selection. */
export type InboxKeyboardProps = Omit<InboxShortcutOptions, 'openHelp' | 'toggleSelected' | 'clearSelection'>;

/**
 * The inbox's keyboard shortcuts ({@link useInboxShortcuts}) and their help sheet (`?`). A part
 * of its own, loaded after the list drew (out of the inbox's first load: docs/behaviour/web-app.md,
 * "Delivery"); it renders nothing until the sheet is asked for.
 */
export function InboxKeyboard(props: InboxKeyboardProps) {
  const [helpOpen, setHelpOpen] = useState(false);
  // Mounted from its first opening on, so closing keeps Mantine's transition and focus return.
  const [helpMounted, setHelpMounted] = useState(false);
  useInboxShortcuts({
    ...props,
    // `x` and Esc act on the list's bulk selection (docs/behaviour/assignment.md, "Web").
    toggleSelected: ({ id }) => {
      const list = props.list.current;
      const order = list?.items.map((c) => c.id) ?? [];
      if (list?.selection) updateSelection(list.selection, (s) => toggleSelection(s, id, order));
    },
    clearSelection: () => {
      const selection = props.list.current?.selection;
      return selection ? clearSelection(selection) : false;
    },
    openHelp: () => {
      setHelpMounted(true);
      setHelpOpen(true);
    },
  });
  return (
    helpMounted && (
      <Suspense fallback={null}>
        <ShortcutSheet opened={helpOpen} onClose={() => setHelpOpen(false)} />
      </Suspense>
    )
  );
}
