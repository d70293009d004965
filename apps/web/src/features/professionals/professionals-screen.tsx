import type { Professional } from '@accueil/domain';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCalendarTime, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ConfigList, confirmDelete } from '../../lib/config-kit';
import { useAbility } from '../../lib/use-ability';
import { useProfessionals } from './api';
import { languageName } from '../../lib/spoken-languages';
import { ProfessionalForm } from './professional-form';
import { useDeleteProfessional } from './use-professionals';

/**
 * /members: the organisation's professionals (name, profession, expertise, years of
 * experience, languages), each leading to their availabilities, in the configuration kit's list
 * (`ConfigList`, removal asked with `confirmDelete`). Administrators add, edit and remove them.
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
        <ConfigList
          label={intl.formatMessage({ id: 'professionals.title' })}
          rows={professionals ?? []}
          rowKey={(p) => p.id}
          verticalSpacing="sm"
          columns={[
            {
              key: 'name',
              header: t('name'),
              render: (p) => (
                <Anchor component={Link} to={`/members/${p.id}/availabilities`} fw={600}>
                  {p.fullname}
                </Anchor>
              ),
            },
            { key: 'profession', header: t('profession'), render: (p) => p.profession },
            { key: 'expertise', header: t('expertise'), render: (p) => p.expertise },
            {
              key: 'years',
              header: t('yearsOfExperience'),
              render: (p) => t('years', { count: p.yearsOfExperience }),
            },
            {
              key: 'languages',
              header: t('languages'),
              render: (p) => (
                <Group gap={4}>
                  {p.languages.map((l) => (
                    <Badge key={l} variant="light" color="gray" tt="none">
                      {languageName(l, intl.locale)}
                    </Badge>
                  ))}
                </Group>
              ),
            },
          ]}
          actions={(p) => (
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
          )}
          onEdit={canManage ? (p) => setEditing({ professional: p }) : undefined}
          onDelete={
            canManage
              ? (p) =>
                  void confirmDelete({
                    titleId: 'professionals.deleteTitle',
                    bodyId: 'professionals.confirmDelete',
                    confirmId: 'professionals.delete',
                    values: { name: p.fullname },
                  }).then((ok) => ok && remove.mutate(p))
              : undefined
          }
          editLabel={(p) => t('editOf', { name: p.fullname })}
          deleteLabel={(p) => t('deleteOf', { name: p.fullname })}
          empty={
            isLoading ? null : (
              <Text c="dimmed" ta="center" p="lg">
                {t('empty')}
              </Text>
            )
          }
        />
      </Paper>
      {editing && (
        <ProfessionalForm opened professional={editing.professional} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
