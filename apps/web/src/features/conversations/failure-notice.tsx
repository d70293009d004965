import { Button, Group, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import classes from './conversations.module.css';
import { failureReason } from './failure-reason';

/** Props of {@link FailureNotice}. */
export interface FailureNoticeProps {
  /** The carrier's error code of the failed text (e.g. `30006`), or null when it gave none. */
  errorCode: string | null;
  /** Sends the same text again as a new message; absent where no resend is offered. */
  onResend?: () => void;
  /** True once this text was sent again from this screen: the button gives way to a note. */
  resent?: boolean;
}

/**
 * Under a failed text: why it failed, in words (the carrier's code kept small, for support),
 * and a button that sends the same text again as a new message. The failed message itself
 * stays failed — a message's status never moves back — and the new one has its own status.
 */
export function FailureNotice({ errorCode, onResend, resent = false }: FailureNoticeProps) {
  const intl = useIntl();
  return (
    <Group
      className={classes.failureNotice}
      data-testid="failure-notice"
      gap={8}
      wrap="nowrap"
      justify="space-between"
      align="center"
    >
      <Text size="xs" inherit component="p" m={0}>
        {intl.formatMessage({ id: `conversations.failure.${failureReason(errorCode)}` })}
        {errorCode && (
          <span className={classes.failureCode}>
            {' '}
            ({intl.formatMessage({ id: 'conversations.failure.code' }, { code: errorCode })})
          </span>
        )}
      </Text>
      {resent ? (
        <Text size="xs" fw={600} component="span" style={{ flex: 'none' }}>
          {intl.formatMessage({ id: 'conversations.failure.resent' })}
        </Text>
      ) : (
        onResend && (
          <Button
            size="compact-xs"
            color="red.9"
            leftSection={<IconRepeat size={12} />}
            onClick={onResend}
            title={intl.formatMessage({ id: 'conversations.failure.resendLabel' })}
            style={{ flex: 'none' }}
          >
            {intl.formatMessage({ id: 'conversations.failure.resend' })}
          </Button>
        )
      )}
    </Group>
  );
}
