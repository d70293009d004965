import { Suspense, useEffect, useState } from 'react';
import { deferred } from './deferred';
import { whenIdle } from './idle';

const DeferredAppUpdates = deferred(() =>
  import('../features/app-updates/app-updates').then((m) => m.AppUpdates),
);
// The development server only (not the unit tests): the condition is a constant, so production
// builds drop the import.
const DEVELOPMENT = import.meta.env.DEV && import.meta.env.MODE !== 'test';
const DeferredDeveloperPanel = DEVELOPMENT
  ? deferred(() => import('../features/devops/developer-panel').then((m) => m.DeveloperPanel))
  : null;

/**
 * The service worker's registration and its reload prompt (`features/app-updates/`) in built
 * apps, or the developer tool panel (`features/devops/developer-panel.tsx`) in development (the
 * development server serves no worker), loaded once the browser is idle after the first screen:
 * neither weighs on the inbox's first load.
 */
export function AppUpdatesHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => (import.meta.env.PROD || DEVELOPMENT ? whenIdle(() => setWanted(true)) : undefined), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {DeferredDeveloperPanel ? <DeferredDeveloperPanel /> : <DeferredAppUpdates />}
    </Suspense>
  );
}
