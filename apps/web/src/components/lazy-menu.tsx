import { cloneElement, Suspense, type MouseEvent, type ReactElement } from 'react';
import type { Deferred } from '../app/deferred';
import { usePreloadWhenIdle } from '../app/idle';

/** What a menu loaded by {@link LazyMenu} takes: its target element and its open state. */
export interface MenuPartProps {
  /** The element that opens the menu (Mantine's `Menu.Target` child). */
  target: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/**
 * A menu whose code (Mantine's Menu and Popover, floating-ui's positioning) is not in the first
 * load. `part` is the menu itself (a {@link Deferred} module rendering `Menu` around `target`),
 * loaded when the browser is idle after the first screen. Until then `target` shows alone, the
 * same in size and place, and a click on it opens the menu as soon as the menu is in.
 */
export function LazyMenu<P extends MenuPartProps>({ part: Part, ...props }: { part: Deferred<P> } & P) {
  usePreloadWhenIdle(Part);
  const { target, onChange } = props;
  const waiting = cloneElement(target, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      target.props.onClick?.(event);
      onChange(true);
    },
  });
  return (
    <Suspense fallback={waiting}>
      <Part {...(props as unknown as P)} />
    </Suspense>
  );
}
