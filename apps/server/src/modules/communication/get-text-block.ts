import type { TextBlock } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { textBlocks } from '../../db/schema/communication';
import type { RequestContext } from '../../http/request-context';
import { authorizeTextBlocks, textBlockNotFound } from './communication.policy';
import { presentTextBlock, type TextBlockRow } from './text-blocks.presenter';

/** The organisation's quick message `id`, or null (another organisation's too). */
export async function findTextBlockRow(
  tx: DbOrTx,
  organizationId: string,
  id: string,
): Promise<TextBlockRow | null> {
  const [row] = await tx
    .select()
    .from(textBlocks)
    .where(and(eq(textBlocks.organizationId, organizationId), eq(textBlocks.id, id)));
  return row ?? null;
}

/**
 * GET /api/organizations/:id/text-blocks/:blockId: one quick message (the editor).
 * @throws AppError `not-found` for a missing block or another organisation's.
 */
export async function getTextBlock(
  deps: AppDeps,
  ctx: RequestContext,
  input: { organizationId: string; blockId: string },
): Promise<TextBlock> {
  authorizeTextBlocks(ctx, input.organizationId);
  const row = await findTextBlockRow(deps.db, ctx.organizationId, input.blockId);
  if (!row) throw textBlockNotFound();
  return presentTextBlock(row);
}
