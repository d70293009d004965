import type { Label } from '@accueil/domain';
import { Badge, Group } from '@mantine/core';

/**
 * A conversation's labels as small badges (docs/behaviour/labels.md): each its name in the
 * body's text colour with a dot of its colour (Mantine's `dot` variant), so the name, not the
 * colour alone, says it and the text keeps AA contrast on any palette colour.
 */
export function LabelBadges({
  labels,
  size = 'xs',
  max,
}: {
  labels: readonly Label[] | undefined;
  size?: 'xs' | 'sm';
  /** Show at most this many, then "+N" (titled with the others' names): a row keeps its one line. */
  max?: number;
}) {
  if (!labels?.length) return null;
  const shown = max === undefined ? labels : labels.slice(0, max);
  const rest = labels.slice(shown.length);
  return (
    <Group
      gap={4}
      wrap={max === undefined ? 'wrap' : 'nowrap'}
      data-testid="label-badges"
      style={{ minWidth: 0, flex: 'none' }}
    >
      {shown.map((label) => (
        <Badge
          key={label.id}
          size={size}
          variant="dot"
          color={label.color}
          tt="none"
          fw={500}
          maw={140}
          data-testid="label-badge"
        >
          {label.name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Badge size={size} variant="default" tt="none" fw={500} title={rest.map((l) => l.name).join(', ')}>
          +{rest.length}
        </Badge>
      )}
    </Group>
  );
}
