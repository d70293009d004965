import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FRANCE_COUNTRY } from '@accueil/domain';
import { startRealtime, stopRealtime, useRealtimeEvent } from '../lib/realtime';
import { getSessionId, reloadSessionContext } from '../lib/session';
import { clearSession, getSessionState } from '../lib/session-store';

/** The polling layer (France only), loaded on demand: outside the inbox's first load elsewhere. */
const pollingLayer = () => import('../lib/polling');

/** The forced-disconnect dialog, loaded when a session is revoked: outside the inbox's first load. */
const forcedDisconnectDialog = () => import('./dialogs/forced-disconnect-dialog');

/**
 * The realtime connection of a signed-in session: opened when mounted (after sign-in),
 * closed when unmounted (sign-out, expiry) — with the polling transport beside it for an
 * organisation in France —, and `session:revoked` for this tab's own session
 * ends it with the forced-disconnect dialog; `session:changed` (role or teams changed by an
 * administrator) reloads the session context and refetches what is on screen. Loaded on demand by {@link SessionEffects}, so the
 * login page does not download the socket client.
 */
export function RealtimeEffects() {
  const queryClient = useQueryClient();
  useEffect(() => {
    startRealtime();
    // Organisations in France get the inbox's events by polling (docs/behaviour/france.md).
    const polling = getSessionState().context?.organization.country === FRANCE_COUNTRY;
    if (polling) void pollingLayer().then((m) => m.startPolling());
    return () => {
      stopRealtime();
      if (polling) void pollingLayer().then((m) => m.stopPolling());
    };
  }, []);

  useRealtimeEvent('session:revoked', ({ sessionId, reason }) => {
    // Only this tab's own session: another of the user's sessions, or a sign-out under way
    // (token already gone), is not a forced disconnect here.
    const mine = getSessionId();
    if (mine === null || mine !== sessionId) return;
    stopRealtime();
    void pollingLayer().then((m) => m.stopPolling());
    clearSession();
    const at = Date.now();
    void forcedDisconnectDialog().then((m) => m.openForcedDisconnectDialog(at, reason));
  });

  useRealtimeEvent('session:changed', () => {
    // The server has already moved this tab's socket between team rooms; what the screens show
    // (abilities, team switcher, the current team's inbox) follows the new context.
    reloadSessionContext().then(
      () => void queryClient.invalidateQueries(),
      () => undefined,
    );
  });

  return null;
}
