import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { useClickToCall } from './click-to-call';

/**
 * The conversation's call button (docs/behaviour/calls.md, "Call button"): shown only while a
 * call may be placed; calls the conversation's number through the calls layer.
 */
export function CallButton({ phone }: { phone: string }) {
  const intl = useIntl();
  const { canCall, dial } = useClickToCall();
  if (!canCall || !dial) return null;
  const label = intl.formatMessage({ id: 'calls.button.call' });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="teal"
        size="lg"
        aria-label={label}
        onClick={() => dial(phone)}
        data-testid="call-button"
      >
        <IconPhone size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
