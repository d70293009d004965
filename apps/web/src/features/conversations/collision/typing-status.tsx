import { Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { CollisionUser } from './collision-state';

/**
 * "Marie Tremblay is typing…" under the composer (docs/behaviour/notes-and-presence.md), a polite
 * live region: always in the page, so that a screen reader hears what comes into it. Empty
 * (and its line kept) while nobody types.
 */
export function TypingStatus({ typers }: { typers: readonly CollisionUser[] }) {
  const intl = useIntl();
  const text =
    typers.length === 0
      ? ''
      : intl.formatMessage(
          { id: 'conversations.collision.typing' },
          { names: intl.formatList(typers.map((t) => t.name)), count: typers.length },
        );
  return (
    <Text
      size="xs"
      c="dimmed"
      role="status"
      aria-live="polite"
      data-testid="collision-typing"
      mih={18}
      truncate="end"
    >
      {text}
    </Text>
  );
}
