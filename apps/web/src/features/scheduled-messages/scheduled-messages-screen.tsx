import { SCHEDULED_MESSAGE_DEFAULT_TIME, type ScheduledMessage } from '@accueil/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconClockPlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatPhone } from '../../lib/format';
import { confirmDelete } from '../../lib/config-kit';
import { formatPlanned } from './api';
import { ScheduleDialog, type ScheduleTarget } from './schedule-dialog';
import classes from './scheduled-messages.module.css';
import { StateBadge } from './state-badge';
import {
  useCanManageScheduled,
  useDeleteScheduledMessage,
  useScheduledMessages,
} from './use-scheduled-messages';

/**
 * /scheduled-messages: the current team's scheduled messages (docs/behaviour/scheduled-messages.md),
 * soonest first: title, recipient, planned time (the organisation's clock), reminders, state
 * (scheduled, sent, or failed with its reason) and who wrote it. Schedule one to a number; its
 * author or an administrator edits or deletes one not yet sent.
 */
export function ScheduledMessagesScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `scheduledMessages.${id}` }, values);
  const list = useScheduledMessages(null);
  const canManage = useCanManageScheduled();
  const [dialog, setDialog] = useState<ScheduleTarget | null>(null);
  const remove = useDeleteScheduledMessage();
  const askDelete = async (m: ScheduledMessage) => {
    const ok = await confirmDelete({
      titleId: 'scheduledMessages.delete.title',
      bodyId: 'scheduledMessages.delete.body',
      confirmId: 'scheduledMessages.action.delete',
      values: { title: m.title },
    });
    if (ok) remove.mutate(m);
  };
  const items = list.data ?? [];

  return (
    <div className={classes.screen}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button leftSection={<IconClockPlus size={18} />} onClick={() => setDialog({ kind: 'phone' })}>
          {t('action.new')}
        </Button>
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <div className={classes.scroller}>
          <Table striped highlightOnHover stickyHeader className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('column.title')}</Table.Th>
                <Table.Th className={classes.colPhone}>{t('column.to')}</Table.Th>
                <Table.Th className={classes.colWhen}>{t('column.when')}</Table.Th>
                <Table.Th className={classes.colReminders}>{t('column.reminders')}</Table.Th>
                <Table.Th className={classes.colState}>{t('column.state')}</Table.Th>
                <Table.Th className={classes.colAuthor}>{t('column.author')}</Table.Th>
                <Table.Th className={classes.colActions}>
                  <VisuallyHidden>{t('column.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td className={classes.cell}>
                    <Text size="sm" fw={600} truncate="end">
                      {m.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {m.message}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.cell}>{formatPhone(m.toPhoneNumber)}</Table.Td>
                  <Table.Td className={classes.cell}>
                    {formatPlanned(m, SCHEDULED_MESSAGE_DEFAULT_TIME)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {m.reminders.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      ) : (
                        m.reminders.map((r) => (
                          <Badge key={r} variant="light" color="gray" size="sm">
                            {t(`reminder.short.${r}`)}
                          </Badge>
                        ))
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge message={m} />
                  </Table.Td>
                  <Table.Td className={classes.cell}>{m.createdBy.name}</Table.Td>
                  <Table.Td className={classes.colActions}>
                    {canManage(m) && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {m.state === 'scheduled' && (
                          <Tooltip label={t('action.edit')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t('action.edit')} : ${m.title}`}
                              onClick={() => setDialog({ kind: 'edit', message: m })}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        <Tooltip label={t('action.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`${t('action.delete')} : ${m.title}`}
                            onClick={() => void askDelete(m)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <ScheduleDialog target={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
