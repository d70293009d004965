import { TOAST_AUTO_CLOSE_MS } from '@accueil/domain';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts appear (3 s, at most 4). Loaded by {@link Overlays} when the browser is idle
 * after the first screen, or at the first toast: toasts are kept in Mantine's global store, so
 * one shown before this mounts appears when it does.
 */
export function ToastsLayer() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} zIndex={1000} />;
}
