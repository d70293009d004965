import { useEffect, type RefObject } from 'react';

/** The search shortcut's key (also the search box's `aria-keyshortcuts`). */
export const SEARCH_SHORTCUT = '/';

/** Whether the key press happens while typing somewhere (a field, a list of choices, editable text). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * `/` moves the focus to the search box (`ref`), unless the person is typing somewhere.
 * Matched on the character, whatever Shift did to produce it: on French keyboards `/` is a
 * shifted key, which Mantine's `useHotkeys('/')` would not match.
 */
export function useSearchShortcut(ref: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (
        e.key !== SEARCH_SHORTCUT ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        e.defaultPrevented ||
        isTyping(e.target)
      )
        return;
      e.preventDefault();
      ref.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [ref]);
}
