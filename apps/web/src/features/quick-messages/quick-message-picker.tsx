import type { TextBlock } from '@accueil/domain';
import {
  Badge,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconPin, IconSearch } from '@tabler/icons-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useTextBlocks } from './use-quick-messages';
import classes from './quick-messages.module.css';
import { matchesSearch } from './search';
import { useInterfaceContentLocale } from './use-content-locale';

/** Props of {@link QuickMessagePicker}. */
export interface QuickMessagePickerProps {
  opened: boolean;
  onClose: () => void;
  onChoose: (block: TextBlock) => void;
}

/**
 * The composer's quick-message picker: the quick messages of the interface's locale, pinned
 * first, filtered by title or text as one types. Up and Down move, Enter or a click chooses,
 * Escape closes (the modal gives the focus back to the composer).
 */
export default function QuickMessagePicker({ opened, onClose, onChoose }: QuickMessagePickerProps) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `quickMessages.picker.${key}` });
  const { data, isPending } = useTextBlocks(useInterfaceContentLocale(), opened);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const shown = (data ?? []).filter((b) => matchesSearch(b, search));
  const current = Math.min(active, Math.max(shown.length - 1, 0));
  const choose = (block: TextBlock | undefined) => {
    if (!block) return;
    onChoose(block);
    setSearch('');
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!shown.length) return;
      setActive((current + (e.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(shown[current]);
    }
  };
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} size="lg" data-testid="quick-message-picker">
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={t('search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-activedescendant={shown.length ? optionId(current) : undefined}
          aria-autocomplete="list"
        />
        {isPending ? (
          <Loader size="sm" />
        ) : (
          <ScrollArea.Autosize mah={360}>
            <div role="listbox" id={listId} aria-label={t('list')} className={classes.pickerList}>
              {shown.map((b, i) => (
                <UnstyledButton
                  key={b.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === current}
                  tabIndex={-1}
                  className={classes.pickerOption}
                  data-active={i === current || undefined}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(b)}
                >
                  <Group gap={6} wrap="nowrap">
                    {b.pinned && <IconPin size={14} aria-hidden />}
                    <Text fw={600} size="sm">
                      {b.title}
                    </Text>
                    {b.template && (
                      <Badge size="xs" variant="light" color="grape" tt="none">
                        {intl.formatMessage({ id: 'quickMessages.templateBadge' })}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {b.body}
                  </Text>
                </UnstyledButton>
              ))}
            </div>
            {shown.length === 0 && (
              <Text size="sm" c="dimmed" py="md" ta="center">
                {t(data?.length ? 'noMatch' : 'empty')}
              </Text>
            )}
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
