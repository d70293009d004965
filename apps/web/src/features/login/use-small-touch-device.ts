import { MIN_SCREEN_WIDTH_PX } from '@accueil/domain';
import { useMediaQuery } from '@mantine/hooks';

/** True on a touch device whose screen is narrower than MIN_SCREEN_WIDTH_PX (1024 px). */
export function useSmallTouchDevice(): boolean {
  const narrow = useMediaQuery(`(max-width: ${MIN_SCREEN_WIDTH_PX - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  return Boolean(narrow && touch);
}
