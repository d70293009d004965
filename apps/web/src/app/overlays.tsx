import { notificationsStore } from '@mantine/notifications';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { deferred } from './deferred';
import { whenIdle } from './idle';

const ModalsLayer = deferred(() => import('./modals-layer').then((m) => m.ModalsLayer));
const ToastsLayer = deferred(() => import('./toasts-layer').then((m) => m.ToastsLayer));

/** The window events of `modals.open…`, `modals.close…` and `modals.update…` (Mantine's `createUseExternalEvents`). */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

/**
 * Holds the dialog events sent before Mantine's dialog host listens: `onFirst` at the first one;
 * the returned `release` stops holding and sends the held events again, in order.
 */
function holdModalEvents(onFirst: () => void): () => void {
  const held: CustomEvent[] = [];
  const hold = (event: Event) => {
    held.push(event as CustomEvent);
    if (held.length === 1) onFirst();
  };
  MODAL_EVENTS.forEach((name) => window.addEventListener(name, hold));
  return () => {
    MODAL_EVENTS.forEach((name) => window.removeEventListener(name, hold));
    held
      .splice(0)
      .forEach((event) =>
        window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail as unknown })),
      );
  };
}

/**
 * Where dialogs (`modals.open…`) and toasts (`notifications.show`, 3 s) appear. Both are driven
 * by Mantine's global stores, so they need no wrapping of the page: {@link Providers} loads this
 * after the first screen is drawn, and this loads the modal and toast machinery (focus trap,
 * scroll lock, positioning, transitions) when the browser is next idle, or at once for the first
 * dialog or toast asked for before then. A dialog asked for earlier opens when its host is in;
 * a toast shows when its layer is.
 */
export function Overlays() {
  const [modalsWanted, setModalsWanted] = useState(false);
  const [toastsWanted, setToastsWanted] = useState(false);
  const releaseModalEvents = useRef<(() => void) | null>(null);

  useEffect(() => {
    releaseModalEvents.current = holdModalEvents(() => setModalsWanted(true));
    const unsubscribe = notificationsStore.subscribe(() => setToastsWanted(true));
    const cancelIdle = whenIdle(() => {
      setModalsWanted(true);
      setToastsWanted(true);
    });
    return () => {
      cancelIdle();
      unsubscribe();
      releaseModalEvents.current?.();
    };
  }, []);

  const onModalsReady = useCallback(() => releaseModalEvents.current?.(), []);
  return (
    <>
      {modalsWanted && (
        <Suspense fallback={null}>
          <ModalsLayer onReady={onModalsReady} />
        </Suspense>
      )}
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastsLayer />
        </Suspense>
      )}
    </>
  );
}
