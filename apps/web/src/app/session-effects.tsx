import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { recordActivity, useSession } from '../lib/session';
import { setNavigator } from '../lib/session-store';
import { DeferredRealtimeEffects } from './deferred';

/**
 * The session's side effects, mounted once inside the router (docs/behaviour/sessions.md):
 * routes redirects through the router, records
 * activity (idle timeout), clears alerts when the screen changes, runs the realtime
 * connection while signed in (`realtime-effects.tsx`, loaded then), empties the cache on
 * sign-out, and handles `session:revoked`.
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
    if (status === 'signed-out') queryClient.clear();
  }, [status, queryClient]);

  return isSignedIn ? (
    <Suspense fallback={null}>
      <DeferredRealtimeEffects />
    </Suspense>
  ) : null;
}
