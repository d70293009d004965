import { Button } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { enterSession, stopImpersonation } from '../../features/devops/impersonation-api';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import classes from './impersonation-banner.module.css';

/** Minutes left until `expiresAt` (rounded up, at least 0). */
export function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 60_000));
}

/**
 * Shown above every screen while a devops user acts as an organisation's administrator: who,
 * where, the minutes left, and a button to stop (back to the devops panel, signed in as
 * themselves). At the end of the time the server refuses the session and the app signs out.
 */
export function ImpersonationBanner() {
  const { context } = useSession();
  const impersonation = context?.impersonation ?? null;
  const [now, setNow] = useState(() => Date.now());
  const [stopping, setStopping] = useState(false);
  useEffect(() => {
    if (!impersonation) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [impersonation]);
  if (!impersonation || !context) return null;
  const stop = async () => {
    setStopping(true);
    try {
      enterSession(await stopImpersonation(), '/devops');
    } catch (error) {
      setStopping(false);
      notifyError(error);
    }
  };
  return (
    <div className={classes.banner} role="status" data-testid="impersonation-banner">
      <IconUserShield size={18} aria-hidden />
      <span className={classes.text}>
        <FormattedMessage
          id="shell.impersonation.banner"
          values={{
            user: `${context.user.name.first} ${context.user.name.last}`,
            organization: context.organization.name,
            impersonator: impersonation.impersonator.name,
            minutes: minutesLeft(impersonation.expiresAt, now),
          }}
        />
      </span>
      <Button size="compact-sm" color="dark" variant="white" onClick={() => void stop()} loading={stopping}>
        <FormattedMessage id="shell.impersonation.stop" />
      </Button>
    </div>
  );
}
