import { lazy, Suspense } from 'react';

// Two steps on purpose: the shell imports this module lazily, and its list of chunks to preload is
// this module's few imports; the calls layer's many chunks are listed here, outside the inbox's first load.
const CallsRoot = lazy(() => import('./calls-root').then((m) => ({ default: m.CallsRoot })));

/** The calls layer (`calls-root.tsx`), fetched after the shell has drawn. */
export function CallsLayer() {
  return (
    <Suspense fallback={null}>
      <CallsRoot />
    </Suspense>
  );
}
