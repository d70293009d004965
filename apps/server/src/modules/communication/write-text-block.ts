import {
  AppError,
  TEXT_BLOCKS_MAX_PER_LOCALE,
  type CreateTextBlockRequest,
  type TextBlock,
  type UpdateTextBlockRequest,
} from '@accueil/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { textBlocks } from '../../db/schema/communication';
import type { RequestContext } from '../../http/request-context';
import { getOrganization } from '../organizations/index';
import { authorizeTextBlocks, textBlockNotFound } from './communication.policy';
import { findTextBlockRow } from './get-text-block';
import { presentTextBlock } from './text-blocks.presenter';

/**
 * POST /api/organizations/:id/text-blocks: writes a quick message in `locale` (default: the
 * organisation's). At most `TEXT_BLOCKS_MAX_PER_LOCALE` per locale.
 * @throws AppError `not-found` (another organisation), `validation-failed` (too many).
 */
export async function createTextBlock(
  deps: AppDeps,
  ctx: RequestContext,
  input: { organizationId: string; block: CreateTextBlockRequest },
): Promise<TextBlock> {
  authorizeTextBlocks(ctx, input.organizationId);
  return deps.db.transaction(async (tx) => {
    const locale =
      input.block.locale ?? (await getOrganization(deps, ctx.organizationId, tx))?.locale ?? 'fr-CA';
    const [held] = await tx
      .select({ n: count() })
      .from(textBlocks)
      .where(and(eq(textBlocks.organizationId, ctx.organizationId), eq(textBlocks.locale, locale)));
    if ((held?.n ?? 0) >= TEXT_BLOCKS_MAX_PER_LOCALE) {
      throw new AppError(
        'validation-failed',
        `At most ${TEXT_BLOCKS_MAX_PER_LOCALE} quick messages per language`,
        { field: 'locale' },
      );
    }
    const { title, body, pinned, template } = input.block;
    const [row] = await tx
      .insert(textBlocks)
      .values({ organizationId: ctx.organizationId, locale, title, body, pinned, template })
      .returning();
    return presentTextBlock(row!);
  });
}

/**
 * PUT /api/organizations/:id/text-blocks/:blockId: changes its title, body, pin or template flag.
 * @throws AppError `not-found` (missing, or another organisation's).
 */
export async function updateTextBlock(
  deps: AppDeps,
  ctx: RequestContext,
  input: { organizationId: string; blockId: string; changes: UpdateTextBlockRequest },
): Promise<TextBlock> {
  authorizeTextBlocks(ctx, input.organizationId);
  const [row] = await deps.db
    .update(textBlocks)
    .set({ ...input.changes, updatedAt: sql`now()` })
    .where(and(eq(textBlocks.organizationId, ctx.organizationId), eq(textBlocks.id, input.blockId)))
    .returning();
  if (!row) throw textBlockNotFound();
  return presentTextBlock(row);
}

/**
 * DELETE /api/organizations/:id/text-blocks/:blockId.
 * @throws AppError `not-found` (missing, or another organisation's).
 */
export async function deleteTextBlock(
  deps: AppDeps,
  ctx: RequestContext,
  input: { organizationId: string; blockId: string },
): Promise<void> {
  authorizeTextBlocks(ctx, input.organizationId);
  if (!(await findTextBlockRow(deps.db, ctx.organizationId, input.blockId))) throw textBlockNotFound();
  await deps.db
    .delete(textBlocks)
    .where(and(eq(textBlocks.organizationId, ctx.organizationId), eq(textBlocks.id, input.blockId)));
}
