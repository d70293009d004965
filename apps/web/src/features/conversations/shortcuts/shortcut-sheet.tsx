import { Group, Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import { INBOX_SHORTCUTS } from './inbox-shortcuts';

/** The help sheet's sections, in order; each one's title is `shortcuts.group.<group>`. */
const GROUPS = ['list', 'conversation', 'help'] as const;

/** Props of {@link ShortcutSheet}. */
export interface ShortcutSheetProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The keyboard shortcuts' help sheet (the `?` key): every shortcut of {@link INBOX_SHORTCUTS},
 * by section, its keys as keycaps. A Mantine Modal: Esc closes it and the focus goes back to
 * where it was. Loaded on its first opening, out of the inbox's first load.
 */
export function ShortcutSheet({ opened, onClose }: ShortcutSheetProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shortcuts.title')}
      size="lg"
      data-testid="shortcut-sheet"
    >
      <Stack gap="md">
        {GROUPS.map((group) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`}>
            <Title order={3} size="h6" id={`shortcuts-${group}`} mb={4}>
              {t(`shortcuts.group.${group}`)}
            </Title>
            <Table verticalSpacing={6} withRowBorders={false}>
              <Table.Tbody>
                {INBOX_SHORTCUTS.filter((s) => s.group === group).map((shortcut) => (
                  <Table.Tr key={shortcut.id}>
                    <Table.Td w={140}>
                      <Group gap={6} wrap="nowrap">
                        {shortcut.keys.map((key, i) => (
                          <Fragment key={key}>
                            {i > 0 && (
                              <Text size="xs" c="dimmed" span>
                                {t('shortcuts.or')}
                              </Text>
                            )}
                            <Kbd>{key === 'Esc' || key === 'Enter' ? t(`shortcuts.key.${key}`) : key}</Kbd>
                          </Fragment>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`shortcuts.${shortcut.id}`)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
        <Text size="xs" c="dimmed">
          {t('shortcuts.typingNote')}
        </Text>
      </Stack>
    </Modal>
  );
}

export default ShortcutSheet;
