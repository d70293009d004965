import { useEffect } from 'react';
import { setPageTitle } from './title-blink';

/**
 * Sets the document title while the calling screen is shown (e.g. "Conversations · Accueil"),
 * through the title blink so that a blink under way restores this title.
 */
export function usePageTitle(title: string): void {
  useEffect(() => setPageTitle(title), [title]);
}
