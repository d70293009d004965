import { Select } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { useLabels } from './use-labels';

/**
 * The list's label filter (docs/behaviour/labels.md): a compact Select of the organisation's
 * labels, shown only when it has some; null shows every conversation. Lazy-loaded.
 */
export function LabelFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (labelId: string | null) => void;
}) {
  const intl = useIntl();
  const labels = useLabels().data ?? [];
  if (!labels.length) return null;
  return (
    <Select
      size="xs"
      mt={6}
      data-testid="label-filter"
      value={value}
      onChange={onChange}
      clearable
      searchable
      leftSection={<IconTag size={14} aria-hidden />}
      placeholder={intl.formatMessage({ id: 'labels.filter.all' })}
      aria-label={intl.formatMessage({ id: 'labels.filter.label' })}
      data={labels.map((l) => ({ value: l.id, label: l.name }))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
