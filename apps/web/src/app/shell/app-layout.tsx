import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { ConnectionNotices } from '../connection-notices';
import { deferred } from '../deferred';
import { ImpersonationBanner } from './impersonation-banner';
import { ReconnectingBanner } from './reconnecting-banner';
import classes from './shell.module.css';
import { SideMenu } from './side-menu';

/** The maintenance banner (features/service-status/): its status's schema and zod stay out of the inbox's first load. */
const DeferredServiceStatusBanner = deferred(() =>
  import('../../features/service-status/service-status-banner').then((m) => m.ServiceStatusBanner),
);

/** France's polling-stopped banner (docs/behaviour/france.md): the polling layer stays out of the inbox's first load. */
const DeferredPollingStoppedBanner = deferred(() =>
  import('./polling-stopped-banner').then((m) => m.PollingStoppedBanner),
);

/** The e-mail-disconnected dialog (features/email-connection/): shown when the current team's mailbox was refused. */
const DeferredMailboxDisconnectedDialog = deferred(() =>
  import('../../features/email-connection/mailbox-disconnected-dialog').then(
    (m) => m.MailboxDisconnectedDialog,
  ),
);

/** The calls layer: voice device, call panel, the call button's availability (features/calls/calls-layer.tsx). */
const DeferredCalls = deferred(() => import('../../features/calls/calls-layer').then((m) => m.CallsLayer));

/**
 * The signed-in shell: side menu on the left, the route's screen in the rest (full height).
 * A "skip to content" link comes first in the keyboard order and moves the focus to the screen.
 * The calls layer (call panel, voice device) loads after the screen, in its own chunks.
 */
export function AppLayout() {
  const intl = useIntl();
  return (
    <div className={classes.layout}>
      <a className={classes.skipLink} href="#main" data-testid="skip-link">
        {intl.formatMessage({ id: 'shell.skipToContent' })}
      </a>
      <SideMenu />
      <main className={classes.main} id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <DeferredServiceStatusBanner />
        </Suspense>
        <ImpersonationBanner />
        <ReconnectingBanner />
        <Suspense fallback={null}>
          <DeferredPollingStoppedBanner />
        </Suspense>
        <div className={classes.content}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <ConnectionNotices />
      <Suspense fallback={null}>
        <DeferredMailboxDisconnectedDialog />
      </Suspense>
      <Suspense fallback={null}>
        <DeferredCalls />
      </Suspense>
    </div>
  );
}
