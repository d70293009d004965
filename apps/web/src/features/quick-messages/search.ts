import type { TextBlock } from '@accueil/domain';
import { foldText as fold } from '../../lib/fold-text';

/** Whether a quick message's title or text holds `search` (case and accents ignored; blank matches all). */
export function matchesSearch(block: Pick<TextBlock, 'title' | 'body'>, search: string): boolean {
  const term = fold(search.trim());
  return term === '' || fold(block.title).includes(term) || fold(block.body).includes(term);
}
