import { LABELS_MAX_PER_CONVERSATION, type Conversation } from '@accueil/domain';
import { Checkbox, ColorSwatch, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLabels, useSetConversationLabels } from './use-labels';

/**
 * The checkable list of the organisation's labels with a search (docs/behaviour/labels.md), for
 * the header's popover and the row menu's submenu: each toggle sends the conversation's whole
 * new set. Past `LABELS_MAX_PER_CONVERSATION` the unchecked ones are disabled. Lazy-loaded.
 */
export function LabelPicker({ conversation }: { conversation: Conversation }) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const labels = useLabels().data ?? [];
  const setLabels = useSetConversationLabels();
  // The set as toggled, shown at once until the answer brings the conversation's next version
  // (or a refusal puts the conversation's own back).
  const [toggled, setToggled] = useState<{ version: number; ids: string[] } | null>(null);
  const chosen = new Set(
    toggled?.version === conversation.version ? toggled.ids : (conversation.labels ?? []).map((l) => l.id),
  );
  const full = chosen.size >= LABELS_MAX_PER_CONVERSATION;
  const term = search.trim().toLocaleLowerCase();
  const shown = term ? labels.filter((l) => l.name.toLocaleLowerCase().includes(term)) : labels;
  const toggle = (id: string) => {
    const next = chosen.has(id) ? [...chosen].filter((x) => x !== id) : [...chosen, id];
    setToggled({ version: conversation.version, ids: next });
    setLabels(conversation, next, () => setToggled(null));
  };
  return (
    <Stack gap="xs" p={4} w={240} data-testid="label-picker" onKeyDown={(e) => e.stopPropagation()}>
      <TextInput
        size="xs"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={intl.formatMessage({ id: 'labels.picker.search' })}
        aria-label={intl.formatMessage({ id: 'labels.picker.search' })}
        leftSection={<IconSearch size={14} />}
        data-autofocus
      />
      <ScrollArea.Autosize mah={260}>
        <Stack gap={6} role="group" aria-label={intl.formatMessage({ id: 'labels.picker.title' })}>
          {shown.map((label) => (
            <Checkbox
              key={label.id}
              size="xs"
              checked={chosen.has(label.id)}
              disabled={full && !chosen.has(label.id)}
              onChange={() => toggle(label.id)}
              label={
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch size={10} color={`var(--mantine-color-${label.color}-6)`} aria-hidden />
                  <Text size="sm" truncate="end">
                    {label.name}
                  </Text>
                </Group>
              }
            />
          ))}
          {!shown.length && (
            <Text size="xs" c="dimmed">
              {intl.formatMessage({ id: labels.length ? 'labels.picker.noMatch' : 'labels.picker.none' })}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
      {full && (
        <Text size="xs" c="dimmed">
          {intl.formatMessage({ id: 'labels.picker.full' }, { max: LABELS_MAX_PER_CONVERSATION })}
        </Text>
      )}
    </Stack>
  );
}
