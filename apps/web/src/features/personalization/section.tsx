import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the page: its icon, heading and controls. */
export function Section({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group gap="xs">
          {icon}
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
