import type { ServiceStatusColour } from '@accueil/domain';
import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { serviceStatusText } from './service-status-text';
import { useServiceNotice } from './use-service-status';

const COLOUR: Record<ServiceStatusColour, string> = {
  success: 'green',
  info: 'blue',
  warning: 'orange',
  error: 'red',
};
const ICON = { success: IconCircleCheck, info: IconTool, warning: IconInfoCircle, error: IconAlertTriangle };

/** Where a closed banner is remembered: the `updatedAt` of the status it was closed on. */
const DISMISSED_KEY = 'accueil.serviceStatus.dismissed';

function readDismissed(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The maintenance banner above every screen of the shell (docs/behaviour/service-status.md):
 * in the status's colour, the operators' text or the status's own, the planned window; a close
 * button when the status allows it, remembered in this browser until the status changes. An
 * outage is announced at once (`role="alert"`), the other statuses politely.
 */
export function ServiceStatusBanner() {
  const intl = useIntl();
  const { notice, status } = useServiceNotice();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!notice?.banner || !status) return null;
  if (notice.dismissable && dismissed !== null && dismissed === status.updatedAt) return null;
  const Icon = ICON[notice.colour];
  const close = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, status.updatedAt ?? '');
    } catch {
      // Private mode: the banner stays closed until the next reload.
    }
    setDismissed(status.updatedAt ?? '');
  };
  return (
    <Alert
      color={COLOUR[notice.colour]}
      variant="light"
      radius={0}
      icon={<Icon size={18} aria-hidden />}
      role={notice.colour === 'error' ? 'alert' : 'status'}
      aria-label={intl.formatMessage({ id: 'serviceStatus.label' })}
      withCloseButton={notice.dismissable}
      closeButtonLabel={intl.formatMessage({ id: 'serviceStatus.dismiss' })}
      onClose={close}
      data-testid="service-status-banner"
      data-status={notice.status}
      py={8}
    >
      {serviceStatusText(intl, status, notice).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Alert>
  );
}
