import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A choice among a few values as Mantine's SegmentedControl under a visible label, which names
 * it for assistive technology (`aria-labelledby` the label's `id`). `gap`: the label's distance
 * to the control (px).
 */
export function LabelledSegmentedControl<T extends string>({
  id,
  label,
  value,
  onChange,
  data,
  gap = 4,
}: {
  id: string;
  label: ReactNode;
  value: T;
  onChange: (value: T) => void;
  data: readonly { value: T; label: string }[];
  gap?: number;
}) {
  return (
    <Stack gap={gap}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl<T> aria-labelledby={id} value={value} onChange={onChange} data={[...data]} />
    </Stack>
  );
}
