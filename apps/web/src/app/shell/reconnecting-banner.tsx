import { Loader } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useRealtimeState } from '../../lib/realtime';
import classes from './shell.module.css';

/** 'Reconnecting…' shown above the screen for as long as the connection reconnects. */
export function ReconnectingBanner() {
  const state = useRealtimeState();
  if (state !== 'reconnecting') return null;
  return (
    <div className={classes.banner} role="status" data-testid="reconnecting-banner">
      <Loader size={14} color="orange" />
      <strong>
        <FormattedMessage id="shell.connection.reconnecting" />
      </strong>
      <span>
        <FormattedMessage id="shell.connection.reconnectingDetail" />
      </span>
    </div>
  );
}
