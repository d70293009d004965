import type { ScheduledMessage } from '@accueil/domain';
import { Badge, Tooltip } from '@mantine/core';
import { useIntl } from 'react-intl';
import { failureReason } from '../conversations/failure-reason';

const COLOURS = { 'not-scheduled': 'gray', scheduled: 'blue', sent: 'teal', failed: 'red' } as const;

/**
 * A scheduled message's state; a failed one says "Échec de l'envoi du message" and gives its
 * reason (the carrier's code in words when known, else the error's text) in a tooltip.
 */
export function StateBadge({ message }: { message: ScheduledMessage }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: `scheduledMessages.state.${message.state}` });
  const badge = (
    <Badge
      color={COLOURS[message.state]}
      variant="light"
      tabIndex={message.state === 'failed' ? 0 : undefined}
    >
      {label}
    </Badge>
  );
  if (message.state !== 'failed') return badge;
  const code = message.errorCode ?? '';
  // A carrier's numeric code reads as the inbox says it; an error code as its error text.
  const reasonId = /^\d+$/.test(code) ? `conversations.failure.${failureReason(code)}` : `error.${code}`;
  const reason = intl.messages[reasonId] ? intl.formatMessage({ id: reasonId }) : code;
  return (
    <Tooltip label={intl.formatMessage({ id: 'scheduledMessages.state.failedReason' }, { reason })}>
      {badge}
    </Tooltip>
  );
}
