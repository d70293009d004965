import { NavLink } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useConsultationAccess } from './use-library';

/**
 * The side menu's consultations entry, shown only to the organisations on the configured list
 * (spec §2). Lazy: the inbox's first load carries neither it nor its query.
 */
export default function ConsultationsMenuEntry({
  className,
  active,
}: {
  className: string | undefined;
  active: boolean;
}) {
  const intl = useIntl();
  const access = useConsultationAccess();
  if (!access.data?.enabled) return null;
  return (
    <NavLink
      component={Link}
      to="/consultations"
      label={intl.formatMessage({ id: 'shell.placeholder.consultations.title' })}
      leftSection={<IconStethoscope size={19} stroke={1.7} />}
      active={active}
      className={className}
      variant="light"
    />
  );
}
