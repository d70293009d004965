import type { Professional } from '@accueil/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarTime, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAbility } from '../../lib/use-ability';
import { useProfessionals } from './api';
import { openConfirmDialog } from './confirm-dialog';
import { languageName } from './languages';
import { ProfessionalForm } from './professional-form';
import { useDeleteProfessional } from './use-professionals';

/**
 * /members: the organisation's professionals (name, profession, expertise, years of
 * experience, languages), each leading to their availabilities. Administrators add, edit and
 * remove them.
 */
export function ProfessionalsScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `professionals.${id}` }, values);
  const canManage = useAbility('professional.manage');
  const { data: professionals, isLoading } = useProfessionals();
  const [editing, setEditing] = useState<{ professional: Professional | null } | null>(null);
  const remove = useDeleteProfessional();

  return (
    <Stack p="lg" gap="md" maw={1200}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <FormattedMessage id="professionals.title" />
        </Title>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ professional: null })}>
            {t('add')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th>{t('profession')}</Table.Th>
              <Table.Th>{t('expertise')}</Table.Th>
              <Table.Th>{t('yearsOfExperience')}</Table.Th>
              <Table.Th>{t('languages')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(professionals ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/members/${p.id}/availabilities`} fw={600}>
                    {p.fullname}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.profession}</Table.Td>
                <Table.Td>{p.expertise}</Table.Td>
                <Table.Td>{t('years', { count: p.yearsOfExperience })}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {p.languages.map((l) => (
                      <Badge key={l} variant="light" color="gray" tt="none">
                        {languageName(l, intl.locale)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={t('availabilities')}>
                      <ActionIcon
                        component={Link}
                        to={`/members/${p.id}/availabilities`}
                        variant="subtle"
                        aria-label={t('availabilitiesOf', { name: p.fullname })}
                      >
                        <IconCalendarTime size={18} />
                      </ActionIcon>
                    </Tooltip>
                    {canManage && (
                      <>
                        <Tooltip label={t('edit')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('editOf', { name: p.fullname })}
                            onClick={() => setEditing({ professional: p })}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('deleteOf', { name: p.fullname })}
                            onClick={() =>
                              openConfirmDialog({
                                title: t('deleteTitle'),
                                body: t('confirmDelete', { name: p.fullname }),
                                confirm: t('delete'),
                                onConfirm: () => remove.mutate(p),
                              })
                            }
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!isLoading && professionals?.length === 0 && (
          <Text c="dimmed" ta="center" p="lg">
            {t('empty')}
          </Text>
        )}
      </Paper>
      {editing && (
        <ProfessionalForm opened professional={editing.professional} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
