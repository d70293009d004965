import { SCHEDULED_MESSAGE_DEFAULT_TIME } from '@accueil/domain';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconClock, IconClockPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formatPlanned } from './api';
import type { ScheduleTarget } from './schedule-dialog';
import { useScheduledMessages } from './use-scheduled-messages';

// The form (and Mantine's date inputs) load when first opened, not with the inbox.
const ScheduleDialog = lazy(() => import('./schedule-dialog').then((m) => ({ default: m.ScheduleDialog })));

/**
 * Above the composer: what this conversation has scheduled (how many, the next one's title and
 * time on the organisation's clock; a failed one says so) and the composer's "Schedule" action.
 */
export function ScheduledStrip({ conversationId }: { conversationId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `scheduledMessages.${id}` }, values);
  const list = useScheduledMessages(conversationId);
  const [dialog, setDialog] = useState<ScheduleTarget | null>(null);
  const pending = (list.data ?? []).filter((m) => m.state === 'scheduled');
  const failed = (list.data ?? []).filter((m) => m.state === 'failed');
  const next = pending[0];
  return (
    <Group
      gap="sm"
      px="md"
      py={6}
      justify="space-between"
      wrap="nowrap"
      aria-live="polite"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {next ? (
          <>
            <IconClock size={16} aria-hidden color="var(--mantine-color-blue-7)" />
            <Text size="sm" truncate="end">
              {t('strip.next', {
                count: pending.length,
                title: next.title,
                when: formatPlanned(next, SCHEDULED_MESSAGE_DEFAULT_TIME),
              })}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('strip.none')}
          </Text>
        )}
        {failed.length > 0 && (
          <Text size="sm" c="red.8" fw={600}>
            {t('strip.failed', { count: failed.length })}
          </Text>
        )}
        {(next || failed.length > 0) && (
          <Anchor component={Link} to="/scheduled-messages" size="sm" style={{ whiteSpace: 'nowrap' }}>
            {t('strip.seeAll')}
          </Anchor>
        )}
      </Group>
      <Button
        size="compact-sm"
        variant="light"
        style={{ flexShrink: 0 }}
        leftSection={<IconClockPlus size={16} />}
        onClick={() => setDialog({ kind: 'conversation', conversationId })}
      >
        {t('action.schedule')}
      </Button>
      {dialog && (
        <Suspense fallback={null}>
          <ScheduleDialog target={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Group>
  );
}
