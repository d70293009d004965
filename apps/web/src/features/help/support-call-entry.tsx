import { publicEndpoints } from '@accueil/domain';
import { NavLink } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { api } from '../../lib/endpoint-client';
import { useClickToCall } from '../calls/click-to-call';

/** Query key of the public configuration (GET /api/config). */
export const publicConfigKey = ['public-config'] as const;

/**
 * The help menu's "Talk with support" (spec §2; docs/behaviour/support.md): an outbound call to
 * the support line (`SUPPORT_PHONE_NUMBER`, from GET /api/config) through the browser phone, as
 * the inbox's call button places one. Hidden when no support line is configured; disabled, saying
 * why, while a call cannot be placed (a call in progress, the phone not ready, calls off). Lazy:
 * the inbox's first load carries neither it nor its query.
 */
export default function SupportCallEntry() {
  const intl = useIntl();
  const config = useQuery({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => api.call(publicEndpoints.config, { signal }),
    staleTime: Infinity,
  });
  const { canCall, dial } = useClickToCall();
  const number = config.data?.supportPhoneNumber;
  if (!number) return null;
  return (
    <NavLink
      component="button"
      label={intl.formatMessage({ id: 'support.talkToSupport' })}
      description={canCall ? undefined : intl.formatMessage({ id: 'support.talkToSupportUnavailable' })}
      leftSection={<IconHeadset size={16} />}
      disabled={!canCall || !dial}
      aria-disabled={!canCall || !dial}
      onClick={() => dial?.(number)}
      data-testid="talk-to-support"
    />
  );
}
