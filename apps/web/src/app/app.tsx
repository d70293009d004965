import { Suspense, useState } from 'react';
import { AppUpdatesHost } from './app-updates-host';
import { DeferredMaintenanceOverlay } from './deferred';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { SessionEffects } from './session-effects';

/** The web app: providers, the session's effects, the maintenance overlay, the routes and the update prompt. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <SessionEffects />
      <Suspense fallback={null}>
        <DeferredMaintenanceOverlay />
      </Suspense>
      <AppRoutes />
      <AppUpdatesHost />
    </Providers>
  );
}
