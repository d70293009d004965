import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of the security tab, with its explanation under the title. */
export function SecuritySection({
  title,
  description,
  children,
  testId,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw={720}>
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
