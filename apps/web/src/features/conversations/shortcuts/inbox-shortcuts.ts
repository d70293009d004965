import { SEARCH_SHORTCUT } from '../use-search-shortcut';

/**
 * The inbox's keyboard shortcuts (docs/behaviour/web-app.md, "Keyboard shortcuts"): what each
 * key does, in the order of the help sheet. A shortcut's description is the text
 * `shortcuts.<id>`; `keys` are shown as written (one `Kbd` each, "or" between them).
 * `aria` is the `aria-keyshortcuts` value of the control the shortcut triggers, when there is one.
 */
export const INBOX_SHORTCUTS = [
  { id: 'next', keys: ['j', '↓'], group: 'list' },
  { id: 'previous', keys: ['k', '↑'], group: 'list' },
  { id: 'open', keys: ['Enter'], group: 'list' },
  { id: 'select', keys: ['x'], group: 'list' },
  { id: 'search', keys: [SEARCH_SHORTCUT], group: 'list', aria: SEARCH_SHORTCUT },
  { id: 'back', keys: ['Esc'], group: 'list' },
  { id: 'reply', keys: ['r'], group: 'conversation', aria: 'R' },
  { id: 'note', keys: ['n'], group: 'conversation', aria: 'N' },
  { id: 'assign', keys: ['a'], group: 'conversation', aria: 'A' },
  { id: 'snooze', keys: ['s'], group: 'conversation', aria: 'S' },
  { id: 'archive', keys: ['e'], group: 'conversation', aria: 'E' },
  { id: 'undo', keys: ['z'], group: 'conversation' },
  { id: 'help', keys: ['?'], group: 'help', aria: 'Shift+?' },
] as const;

/** One of {@link INBOX_SHORTCUTS}' ids. */
export type ShortcutId = (typeof INBOX_SHORTCUTS)[number]['id'];

/**
 * A command the keyboard sends to a part that may not be loaded yet (the open conversation's
 * header and composer are a lazy chunk): dispatched on `document` as {@link INBOX_COMMAND_EVENT}.
 * `assign` and `snooze` open the header's menus, `reply` focuses the reply field.
 */
export type InboxCommand = 'assign' | 'snooze' | 'reply';

/** The `CustomEvent<InboxCommand>` type of {@link sendInboxCommand}. */
export const INBOX_COMMAND_EVENT = 'accueil:inbox-command';

/** Sends `command` to whichever part listens ({@link onInboxCommand}); nothing happens if none does. */
export function sendInboxCommand(command: InboxCommand): void {
  document.dispatchEvent(new CustomEvent<InboxCommand>(INBOX_COMMAND_EVENT, { detail: command }));
}

/** Listens for `command`; returns the function that stops listening (an effect's cleanup). */
export function onInboxCommand(command: InboxCommand, run: () => void): () => void {
  const listener = (e: Event) => {
    if ((e as CustomEvent<InboxCommand>).detail === command) run();
  };
  document.addEventListener(INBOX_COMMAND_EVENT, listener);
  return () => document.removeEventListener(INBOX_COMMAND_EVENT, listener);
}

/** The `aria-keyshortcuts` of the control a shortcut triggers. */
export function ariaShortcut(id: ShortcutId): string | undefined {
  const shortcut = INBOX_SHORTCUTS.find((s) => s.id === id);
  return shortcut && 'aria' in shortcut ? shortcut.aria : undefined;
}

/** The key shown in a control's tooltip for a shortcut ("E"), upper case as on keycaps. */
export function shortcutKey(id: ShortcutId): string {
  return INBOX_SHORTCUTS.find((s) => s.id === id)!.keys[0].toUpperCase();
}

/**
 * Whether a key press must not trigger a shortcut: typed in a field or editable text, already
 * handled (the list's own keys, a menu's), or inside a dialog or a menu (their keys are theirs).
 */
export function isShortcutIgnored(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="dialog"], [role="menu"], [aria-modal="true"]') !== null;
}

/**
 * The event that puts the open conversation's composer in Note mode and focuses it: the hook
 * for the `n` shortcut (docs/behaviour/notes-and-presence.md), dispatched on `document`.
 */
export const COMPOSE_NOTE_EVENT = 'accueil:compose-note';

/** Puts the open conversation's composer in Note mode, its field focused (the `n` shortcut). */
export function composeNote(): void {
  document.dispatchEvent(new Event(COMPOSE_NOTE_EVENT));
}

/** How many frames {@link focusMenu} waits for the menu's first item (its members may be loading). */
const MENU_FOCUS_FRAMES = 60;

/**
 * Moves the keyboard focus into a menu a shortcut opened (`selector`: its dropdown), on its
 * search box or first enabled item once shown: a menu opened from the keyboard must take the
 * keys (Mantine focuses it only when its own button opened it).
 */
export function focusMenu(selector: string): void {
  let frames = 0;
  const step = () => {
    const first = document.querySelector<HTMLElement>(
      `${selector} input, ${selector} [role="menuitem"]:not([data-disabled])`,
    );
    if (first) first.focus();
    else if (++frames < MENU_FOCUS_FRAMES) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
