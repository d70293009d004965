import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { startRealtime, stopRealtime, useRealtimeEvent } from '../lib/realtime';
import { getSessionId, recordActivity, useSession } from '../lib/session';
import { clearSession, setNavigator } from '../lib/session-store';
import { openForcedDisconnectDialog } from './dialogs/forced-disconnect-dialog';

/**
 * The session's side effects, mounted once inside the router (spec §2, §4 "Session"):
 * routes redirects through the router, records
 * activity (idle timeout), clears alerts when the screen changes, runs the realtime
 * connection while signed in, empties the cache on sign-out, and handles `session:revoked`.
 * The session itself is restored by the screens that need it (`useRestoredSession`).
 */
export function SessionEffects() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { status, isSignedIn } = useSession();
  const queryClient = useQueryClient();
  const section = pathname.split('/')[1] ?? '';

  useEffect(() => {
    setNavigator((to) => void navigate(to, { replace: true }));
    return () => setNavigator(null);
  }, [navigate]);

  useEffect(() => {
    recordActivity();
    notifications.clean();
  }, [section]);

  useEffect(() => {
    const onInput = () => recordActivity();
    window.addEventListener('pointerdown', onInput, { passive: true });
    window.addEventListener('keydown', onInput, { passive: true });
    return () => {
      window.removeEventListener('pointerdown', onInput);
      window.removeEventListener('keydown', onInput);
    };
  }, []);

  useEffect(() => {
    if (isSignedIn) startRealtime();
    else if (status === 'signed-out') {
      stopRealtime();
      queryClient.clear();
    }
  }, [isSignedIn, status, queryClient]);

  useRealtimeEvent('session:revoked', ({ sessionId }) => {
    // Only this tab's own session: another of the user's sessions, or a sign-out under way
    // (token already gone), is not a forced disconnect here.
    const mine = getSessionId();
    if (mine === null || mine !== sessionId) return;
    stopRealtime();
    clearSession();
    openForcedDisconnectDialog();
  });

  return null;
}
