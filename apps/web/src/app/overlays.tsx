import { TOAST_AUTO_CLOSE_MS } from '@accueil/domain';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Where dialogs (`modals.open…`) and toasts (`notifications.show`, 3 s) appear. Both are driven
 * by Mantine's global stores, so they need no wrapping of the page: {@link Providers} loads this
 * after the first screen is drawn, which keeps the modal and toast machinery (focus trap,
 * scroll lock, positioning, transitions) out of the login page's first download.
 */
export function Overlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} zIndex={1000} />
    </>
  );
}
