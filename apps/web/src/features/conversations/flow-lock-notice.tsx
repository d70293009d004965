import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useIntl } from 'react-intl';

/**
 * Above the composer while the contact answers a survey or flow: sending is blocked until it
 * ends, at most an hour (docs/behaviour/conversations.md#follow-ups-and-the-flow-lock). The
 * view shows it while `useFlowLocked` says so.
 * Loaded only when a conversation is locked: the inbox's first load does not carry it.
 */
export default function FlowLockNotice({ until }: { until: string | null }) {
  const intl = useIntl();
  if (until === null) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconLock size={16} />} mx="md" mb={4} p="xs" role="status">
      {intl.formatMessage(
        { id: 'conversations.flowLock.notice' },
        { time: intl.formatTime(Date.parse(until), { hour: '2-digit', minute: '2-digit' }) },
      )}
    </Alert>
  );
}
