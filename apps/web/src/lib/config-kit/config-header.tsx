import { Button, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The head of a configuration tab: its title, a dimmed introduction, and (when `onAdd` is given)
 * the add button on the right.
 */
export function ConfigHeader({
  title,
  intro,
  addLabel,
  onAdd,
  addTestId,
}: {
  title: ReactNode;
  intro?: ReactNode;
  addLabel?: ReactNode;
  onAdd?: () => void;
  addTestId?: string;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
      </div>
      {onAdd && (
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd} data-testid={addTestId}>
          {addLabel}
        </Button>
      )}
    </Group>
  );
}
