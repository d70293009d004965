import { TOAST_AUTO_CLOSE_MS } from '@accueil/domain';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { getIntl } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import { getRealtimeState, subscribeRealtimeState } from '../lib/realtime';
import { createConnectionNotifier } from './connection-notifier';

/** Shows the connection's toasts for as long as the shell is mounted. */
export function ConnectionNotices() {
  useEffect(() => {
    const notify = createConnectionNotifier({
      unstable: () =>
        notifications.show({
          id: 'connection-unstable',
          color: 'orange',
          message: getIntl().formatMessage({ id: 'shell.connection.unstable' }),
          autoClose: TOAST_AUTO_CLOSE_MS,
          withBorder: true,
        }),
      initializationFailed: () =>
        notifyError(new Error('realtime initialization failed'), 'shell.connection.initFailed'),
    });
    notify(getRealtimeState());
    return subscribeRealtimeState(notify);
  }, []);
  return null;
}
