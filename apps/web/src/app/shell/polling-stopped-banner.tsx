import { Button } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { resumePolling, usePollingState } from '../../lib/polling';
import classes from './shell.module.css';

/**
 * Organisations in France (docs/behaviour/france.md): once polling stopped after 5 failures in a
 * row, says that new messages no longer appear by themselves and offers to resume, which fetches
 * everything missed since (the cursor is kept). Nothing shows while polling works or is off.
 */
export function PollingStoppedBanner() {
  const state = usePollingState();
  if (state !== 'stopped') return null;
  return (
    <div
      className={classes.banner}
      // Red: a failure, where the shared banner's orange says a passing state.
      style={{ background: 'var(--mantine-color-red-0)', color: 'var(--mantine-color-red-9)' }}
      role="alert"
      data-testid="polling-stopped-banner"
    >
      <strong>
        <FormattedMessage id="polling.stopped" />
      </strong>
      <span>
        <FormattedMessage id="polling.stoppedDetail" />
      </span>
      <Button
        size="compact-sm"
        variant="white"
        color="red.9"
        onClick={resumePolling}
        data-testid="polling-resume"
      >
        <FormattedMessage id="polling.resume" />
      </Button>
    </div>
  );
}
