import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './organization.module.css';

/** One titled block of the Organisation tab. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" className={classes.section}>
      <Stack gap="md">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
