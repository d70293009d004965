import { Group, Kbd } from '@mantine/core';
import type { ReactNode } from 'react';
import { shortcutKey, type ShortcutId } from './inbox-shortcuts';

/**
 * A control's tooltip with its shortcut's key after the text ("Archive  E"), so the keyboard is
 * learnt where the mouse goes (issue 26, "shown in tooltips"). The control itself carries the
 * same key in `aria-keyshortcuts` ({@link ariaShortcut}).
 */
export function ShortcutLabel({ label, shortcut }: { label: string; shortcut: ShortcutId }): ReactNode {
  return (
    <Group gap={8} wrap="nowrap">
      <span>{label}</span>
      <Kbd size="xs" c="dark">
        {shortcutKey(shortcut)}
      </Kbd>
    </Group>
  );
}
