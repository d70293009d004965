import type { ScheduledMessage } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { findScheduledMessage, presentWithSends } from './load-scheduled-message';
import { authorizeScheduledMessage } from './scheduled-messages.policy';

/** GET /api/scheduled-messages/:id. @throws AppError 'not-found' (also another organisation's, or another team's for a non-administrator). */
export async function getScheduledMessage(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<ScheduledMessage> {
  const row = await findScheduledMessage(deps.db, ctx, id);
  authorizeScheduledMessage(ctx, 'read', row);
  return (await presentWithSends(deps.db, ctx.organizationId, [row]))[0]!;
}
