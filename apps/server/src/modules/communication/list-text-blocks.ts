import type { ContentLocale, TextBlock } from '@accueil/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { textBlocks } from '../../db/schema/communication';
import type { RequestContext } from '../../http/request-context';
import { authorizeTextBlocks } from './communication.policy';
import { presentTextBlock } from './text-blocks.presenter';

/**
 * GET /api/organizations/:id/text-blocks[?locale=]: the organisation's quick messages (of one
 * locale, or all), pinned first, then by title (case-insensitive), then oldest first.
 * @throws AppError `not-found` for another organisation's id.
 */
export async function listTextBlocks(
  deps: AppDeps,
  ctx: RequestContext,
  input: { organizationId: string; locale?: ContentLocale },
): Promise<TextBlock[]> {
  authorizeTextBlocks(ctx, input.organizationId);
  const rows = await deps.db
    .select()
    .from(textBlocks)
    .where(
      and(
        eq(textBlocks.organizationId, ctx.organizationId),
        input.locale ? eq(textBlocks.locale, input.locale) : undefined,
      ),
    )
    .orderBy(
      desc(textBlocks.pinned),
      asc(sql`lower(${textBlocks.title})`),
      asc(textBlocks.createdAt),
      asc(textBlocks.id),
    );
  return rows.map(presentTextBlock);
}

/**
 * GET /api/organizations/:id/text-blocks/has-own[?locale=]: whether the organisation has
 * written quick messages of its own (in that locale, or in any).
 * @throws AppError `not-found` for another organisation's id.
 */
export async function hasOwnTextBlocks(
  deps: AppDeps,
  ctx: RequestContext,
  input: { organizationId: string; locale?: ContentLocale },
): Promise<{ hasOwn: boolean }> {
  authorizeTextBlocks(ctx, input.organizationId);
  const rows = await deps.db
    .select({ id: textBlocks.id })
    .from(textBlocks)
    .where(
      and(
        eq(textBlocks.organizationId, ctx.organizationId),
        input.locale ? eq(textBlocks.locale, input.locale) : undefined,
      ),
    )
    .limit(1);
  return { hasOwn: rows.length > 0 };
}
