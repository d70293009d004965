import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withCatalogues } from '../lib/i18n';

/** A component loaded on first use, which can also be loaded ahead ({@link Deferred.preload}). */
export type Deferred<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the component's module now; renders after it resolves never suspend. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` for parts of the app that the login page must not download (the shell, the
 * dialog and toast layer, the realtime connection). Once the module is in (first render or
 * `preload()`), the component is handed to React synchronously, so a preloaded part renders
 * at once instead of showing its fallback for a tick.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): Deferred<P> {
  let loaded: ComponentType<P> | null = null;
  // One load at a time, however many places ask; a failed one is tried again at the next ask.
  let loading: Promise<ComponentType<P>> | null = null;
  // Every screen's texts come with the signed-in parts, so nothing renders before its catalogue.
  const preload = () =>
    (loading ??= withCatalogues(load()).then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const component = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      // A thenable that calls back at once: React then renders without suspending.
      return { then: (resolve: (m: typeof module) => void) => resolve(module) } as unknown as Promise<
        typeof module
      >;
    }
    return preload().then((c) => ({ default: c }));
  });
  return Object.assign(component, { preload });
}

/** The signed-in shell (side menu and the screen beside it). */
export const DeferredAppLayout = deferred(() => import('./shell/app-layout').then((m) => m.AppLayout));
/** Where dialogs and toasts appear (see `overlays.tsx`). */
export const DeferredOverlays = deferred(() => import('./overlays').then((m) => m.Overlays));
/** The realtime connection of a signed-in session (see `realtime-effects.tsx`). */
export const DeferredRealtimeEffects = deferred(() =>
  import('./realtime-effects').then((m) => m.RealtimeEffects),
);

/** The maintenance page over the app and the sign-in page (see `features/service-status/`), after the first screen. */
export const DeferredMaintenanceOverlay = deferred(() =>
  import('../features/service-status/maintenance-overlay').then((m) => m.MaintenanceOverlay),
);

/** Loads every deferred part now (tests that render the shell at once). */
export function preloadDeferred(): Promise<unknown> {
  return Promise.all([
    DeferredAppLayout.preload(),
    DeferredOverlays.preload(),
    DeferredRealtimeEffects.preload(),
  ]);
}
