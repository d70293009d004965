import type { ContentLocale, TextBlock } from '@accueil/domain';
import type { textBlocks } from '../../db/schema/communication';

/** A stored quick message. */
export type TextBlockRow = typeof textBlocks.$inferSelect;

/** Row → API shape (docs/api.md "Quick messages"). */
export function presentTextBlock(row: TextBlockRow): TextBlock {
  return {
    id: row.id,
    organizationId: row.organizationId,
    locale: row.locale as ContentLocale,
    title: row.title,
    body: row.body,
    pinned: row.pinned,
    template: row.template,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
