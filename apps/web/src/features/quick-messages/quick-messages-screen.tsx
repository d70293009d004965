import { SUPPORTED_LOCALES, type ContentLocale, type TextBlock } from '@accueil/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPin, IconPinnedOff, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { LOCALE_NAMES } from '../../lib/i18n';
import { confirmDelete } from '../../lib/config-kit';
import { useTextBlockMutations, useTextBlocks } from './use-quick-messages';
import { matchesSearch } from './search';
import { useInterfaceContentLocale } from './use-content-locale';

/**
 * /text-bloc: the organisation's quick messages of one locale (docs/behaviour/quick-messages.md),
 * pinned first; search by title or text; pin, edit, delete; write a new one.
 */
export function QuickMessagesScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `quickMessages.${id}` }, values);
  const navigate = useNavigate();
  const [locale, setLocale] = useState<ContentLocale>(useInterfaceContentLocale());
  const [search, setSearch] = useState('');
  const { data, isPending } = useTextBlocks(locale);
  const { pin, remove } = useTextBlockMutations();
  const askDelete = async (b: TextBlock) => {
    const ok = await confirmDelete({
      titleId: 'quickMessages.deleteTitle',
      bodyId: 'quickMessages.deleteBody',
      confirmId: 'quickMessages.delete',
      values: { title: b.title },
    });
    if (ok) remove.mutate(b);
  };
  const rows = (data ?? []).filter((b) => matchesSearch(b, search));

  return (
    <Stack p="lg" gap="md" maw={1200}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <FormattedMessage id="quickMessages.title" />
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => void navigate(`/text-template/new?locale=${locale}`)}
        >
          {t('add')}
        </Button>
      </Group>
      <Group gap="md" align="flex-end">
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="quick-messages-locale">
            {t('locale')}
          </Text>
          <SegmentedControl
            aria-labelledby="quick-messages-locale"
            value={locale}
            onChange={(v) => setLocale(v)}
            data={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          />
        </Stack>
      </Group>
      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="28%">{t('titleColumn')}</Table.Th>
              <Table.Th>{t('bodyColumn')}</Table.Th>
              <Table.Th w={140}>
                <VisuallyHidden>{t('actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((b) => (
              <Table.Tr key={b.id} data-testid="quick-message-row">
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {b.pinned && (
                      <IconPin size={14} aria-label={t('pinned')} color="var(--mantine-color-blue-8)" />
                    )}
                    <Text fw={600} size="sm">
                      {b.title}
                    </Text>
                    {b.template && (
                      <Badge size="xs" variant="light" color="grape" tt="none">
                        {t('templateBadge')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
                    {b.body}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t(b.pinned ? 'unpin' : 'pin')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t(b.pinned ? 'unpin' : 'pin')} — ${b.title}`}
                        onClick={() => pin.mutate(b)}
                      >
                        {b.pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('edit')}>
                      <ActionIcon
                        variant="subtle"
                        component={Link}
                        to={`/text-template/edit/${b.id}`}
                        aria-label={`${t('edit')} — ${b.title}`}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('delete')} — ${b.title}`}
                        onClick={() => void askDelete(b)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {!isPending && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center" py="lg">
                    {t(data?.length ? 'noMatch' : 'empty', { locale: LOCALE_NAMES[locale] })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
