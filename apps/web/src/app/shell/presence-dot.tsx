import type { PresenceStatus } from '@accueil/domain';
import { ColorSwatch } from '@mantine/core';
import { PRESENCE_COLOR } from '../../lib/presence';

/** A presence's coloured dot (decorative: its name is always written beside it). */
export function PresenceDot({ status }: { status: PresenceStatus }) {
  return (
    <ColorSwatch
      component="span"
      color={`var(--mantine-color-${PRESENCE_COLOR[status]}-6)`}
      size={12}
      withShadow={false}
      aria-hidden
    />
  );
}
