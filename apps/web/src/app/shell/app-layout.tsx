import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { ConnectionNotices } from '../connection-notices';
import { ReconnectingBanner } from './reconnecting-banner';
import classes from './shell.module.css';
import { SideMenu } from './side-menu';

/** §2 The signed-in shell: side menu on the left, the route's screen in the rest (full height). */
export function AppLayout() {
  return (
    <div className={classes.layout}>
      <SideMenu />
      <main className={classes.main} id="main">
        <ReconnectingBanner />
        <div className={classes.content}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <ConnectionNotices />
    </div>
  );
}
