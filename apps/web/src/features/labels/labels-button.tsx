import type { Conversation } from '@accueil/domain';
import { ActionIcon, Loader, Popover, Tooltip } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { deferred } from '../../app/deferred';

// The picker (its list, search and mutation) loads when the popover first opens.
const LabelPicker = deferred(() => import('./label-picker').then((m) => m.LabelPicker));

/**
 * The header's "Labels" action (docs/behaviour/labels.md): a popover with the checkable list of
 * the organisation's labels and a search.
 */
export function LabelsButton({ conversation }: { conversation: Conversation }) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const label = intl.formatMessage({ id: 'labels.button' });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Tooltip label={label} openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-expanded={opened}
            data-testid="labels-button"
            onClick={() => setOpened((o) => !o)}
          >
            <IconTag size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label={label}>
        {opened && (
          <Suspense fallback={<Loader size="xs" />}>
            <LabelPicker conversation={conversation} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
