import type { AvailabilityCategory } from '@accueil/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../lib/config-kit';
import { useAbility } from '../../lib/use-ability';
import { useCategories, useProfessionals } from './api';
import { CategoryForm } from './category-form';
import { useDeleteCategory } from './use-professionals';
import { WEEK_ORDER, weekdayName } from './weekdays';

/**
 * /members/:id/availabilities (id optional: the first professional): one professional's
 * availability categories, each with its colour, label and weekly time ranges. Administrators
 * add, edit and remove categories.
 */
export function AvailabilitiesScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `availabilities.${id}` }, values);
  const { id } = useParams();
  const navigate = useNavigate();
  const canManage = useAbility('professional.manage');
  const { data: professionals } = useProfessionals();
  const professional = professionals?.find((p) => p.id === id);
  const { data: categories } = useCategories(professional?.id);
  const [editing, setEditing] = useState<{ category: AvailabilityCategory | null } | null>(null);
  const remove = useDeleteCategory();

  if (professionals && !id && professionals[0])
    return <Navigate to={`/members/${professionals[0].id}/availabilities`} replace />;

  return (
    <Stack p="lg" gap="md" maw={1200}>
      <Anchor component={Link} to="/members" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          <FormattedMessage id="availabilities.back" />
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {professional ? t('titleOf', { name: professional.fullname }) : t('title')}
          </Title>
          {professional && (
            <Text c="dimmed" size="sm">
              {professional.profession} · {professional.expertise}
            </Text>
          )}
        </Stack>
        <Group align="flex-end">
          <Select
            label={t('professional')}
            data={(professionals ?? []).map((p) => ({ value: p.id, label: p.fullname }))}
            value={professional?.id ?? null}
            allowDeselect={false}
            onChange={(v) => v && void navigate(`/members/${v}/availabilities`)}
            w={260}
          />
          {canManage && professional && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ category: null })}>
              {t('add')}
            </Button>
          )}
        </Group>
      </Group>
      {professionals && professionals.length === 0 && <Text c="dimmed">{t('noProfessional')}</Text>}
      {categories && categories.length === 0 && professional && <Text c="dimmed">{t('empty')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {(categories ?? []).map((c) => (
          <Card key={c.id} withBorder radius="md" padding="md" data-testid="availability-category">
            <Group justify="space-between" wrap="nowrap" mb="sm">
              <Group gap="xs" wrap="nowrap">
                <Box
                  w={16}
                  h={16}
                  style={{ borderRadius: 4, background: c.colour, flexShrink: 0 }}
                  aria-hidden
                />
                <Text fw={600}>{c.label}</Text>
              </Group>
              {canManage && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('edit')} — ${c.label}`}
                      onClick={() => setEditing({ category: c })}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('delete')} — ${c.label}`}
                      onClick={() =>
                        void confirmDelete({
                          titleId: 'availabilities.deleteTitle',
                          bodyId: 'availabilities.confirmDelete',
                          confirmId: 'availabilities.delete',
                          values: { label: c.label },
                        }).then((ok) => ok && remove.mutate(c))
                      }
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
            <Stack gap={4}>
              {WEEK_ORDER.flatMap((day) =>
                c.ranges
                  .filter((r) => r.day === day)
                  .sort((a, b) => a.start.localeCompare(b.start))
                  .map((r) => (
                    <Group key={`${day}-${r.start}`} gap="xs">
                      <Badge variant="light" color="gray" w={110} tt="none">
                        {weekdayName(day, intl.locale)}
                      </Badge>
                      <Text size="sm">
                        {r.start} – {r.end}
                      </Text>
                    </Group>
                  )),
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {editing && professional && (
        <CategoryForm
          professionalId={professional.id}
          category={editing.category}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
