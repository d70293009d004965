import type { TooltipProps } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { deferred } from '../app/deferred';
import { usePreloadWhenIdle } from '../app/idle';

const LoadedTooltip = deferred(() =>
  import('./tooltip-part').then((m) => m.Tooltip as ComponentType<TooltipProps>),
);

/**
 * Mantine's `Tooltip`, with the same props, whose code (with floating-ui's positioning) is not
 * in the first load: it loads when the browser is idle after the first screen. Until then the
 * element shows alone, the same in size and place; a tooltip only appears on hover or focus,
 * which comes after (docs/behaviour/web-app.md, "Delivery").
 */
export function LazyTooltip(props: TooltipProps) {
  usePreloadWhenIdle(LoadedTooltip);
  return (
    <Suspense fallback={props.children}>
      <LoadedTooltip {...props} />
    </Suspense>
  );
}
