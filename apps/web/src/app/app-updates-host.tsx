import { Suspense, useEffect, useState } from 'react';
import { deferred } from './deferred';
import { whenIdle } from './idle';

const DeferredAppUpdates = deferred(() =>
  import('../features/app-updates/app-updates').then((m) => m.AppUpdates),
);

/**
 * The service worker's registration and its reload prompt (`features/app-updates/`), loaded once
 * the browser is idle after the first screen: neither weighs on the inbox's first load. Built
 * apps only: the development server serves no worker.
 */
export function AppUpdatesHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => (import.meta.env.PROD ? whenIdle(() => setWanted(true)) : undefined), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DeferredAppUpdates />
    </Suspense>
  );
}
