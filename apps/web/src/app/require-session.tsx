import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { useRestoredSession } from '../lib/session-restore';

/**
 * Guard of the signed-in routes: waits while the session is restored, then sends
 * visitors without a session to /login (remembering where they were going), with
 * `?expired=<timestamp>` when their session has just expired.
 */
export function RequireSession() {
  const { status, isSignedIn, expiredAt } = useRestoredSession();
  const location = useLocation();
  if (status === 'restoring') return <FullPageLoader />;
  if (!isSignedIn) {
    const to = expiredAt === null ? '/login' : `/login?expired=${expiredAt}`;
    return <Navigate to={to} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/** Any other path: the conversations when signed in, else the login. */
export function FallbackRedirect() {
  const { status, isSignedIn } = useRestoredSession();
  if (status === 'restoring') return <FullPageLoader />;
  return <Navigate to={isSignedIn ? '/conversations' : '/login'} replace />;
}
