import { lazy, Suspense } from 'react';

// Two steps on purpose: the shell imports this module lazily, and its list of chunks to preload is
// this module's few imports; the calls layer's many chunks are listed here, outside the inbox's first load.
const CallsRoot = lazy(() => import('./calls-root').then((m) => ({ default: m.CallsRoot })));
// On iOS, sounds (a ringing call, the new-text chime) play only once a touch allowed them.
const IosAudioPrompt = lazy(() =>
  import('../personalization/ios-audio-prompt').then((m) => ({ default: m.IosAudioPrompt })),
);

/** The calls layer (`calls-root.tsx`) and the iOS audio prompt, fetched after the shell has drawn. */
export function CallsLayer() {
  return (
    <Suspense fallback={null}>
      <CallsRoot />
      <IosAudioPrompt />
    </Suspense>
  );
}
