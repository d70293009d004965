import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/**
 * Mantine's dialog host (`modals.open…`). Loaded by {@link Overlays} when the browser is idle
 * after the first screen, or at the first dialog asked for; `onReady` runs once it listens.
 */
export function ModalsLayer({ onReady }: { onReady: () => void }) {
  // A parent's effect runs after its children's: the provider's listeners are in place here.
  useEffect(onReady, [onReady]);
  return <ModalsProvider />;
}
