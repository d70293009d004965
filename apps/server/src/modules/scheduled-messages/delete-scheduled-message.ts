import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledMessages } from '../../db/schema/scheduled-messages';
import type { RequestContext } from '../../http/request-context';
import { findScheduledMessage } from './load-scheduled-message';
import { authorizeScheduledMessage } from './scheduled-messages.policy';

/**
 * DELETE /api/scheduled-messages/:id: removes a scheduled message and its sends still waiting
 * (their jobs then find nothing to do); texts already sent stay in the conversation.
 * @throws AppError 'not-found'; 'forbidden' (neither its author nor an administrator).
 */
export async function deleteScheduledMessage(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findScheduledMessage(tx, ctx, id, true);
    authorizeScheduledMessage(ctx, 'manage', row);
    await tx.delete(scheduledMessages).where(eq(scheduledMessages.id, row.id));
  });
}
