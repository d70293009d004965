import { useEffect } from 'react';
import { startRealtime, stopRealtime, useRealtimeEvent } from '../lib/realtime';
import { getSessionId } from '../lib/session';
import { clearSession } from '../lib/session-store';
import { openForcedDisconnectDialog } from './dialogs/forced-disconnect-dialog';

/**
 * The realtime connection of a signed-in session: opened when mounted (after sign-in),
 * closed when unmounted (sign-out, expiry), and `session:revoked` for this tab's own session
 * ends it with the forced-disconnect dialog. Loaded on demand by {@link SessionEffects}, so the
 * login page does not download the socket client.
 */
export function RealtimeEffects() {
  useEffect(() => {
    startRealtime();
    return () => stopRealtime();
  }, []);

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
