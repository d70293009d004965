import type { PushSubscriptionInput } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { pushSubscriptions } from '../../db/schema/push';
import type { RequestContext } from '../../http/request-context';
import { checkPushEndpoint } from './endpoint-guard';

/**
 * POST /api/push/subscriptions: keeps this browser's push subscription for the signed-in user
 * and the session that gives it (docs/behaviour/notifications.md, "Web Push"). The same endpoint
 * again (a renewed key, another user of the organisation on that browser, a new session of the
 * same browser) replaces the row.
 * @throws AppError 'push-endpoint-refused' (422): not https, or not a public address (SSRF).
 */
export async function subscribeToPush(
  deps: AppDeps,
  ctx: RequestContext,
  subscription: PushSubscriptionInput,
): Promise<null> {
  await checkPushEndpoint(subscription.endpoint, deps.config.PUSH_ALLOW_PRIVATE_ENDPOINTS);
  const row = {
    organizationId: ctx.organizationId,
    userId: ctx.userId,
    sessionId: ctx.sessionId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  await deps.db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: [pushSubscriptions.organizationId, pushSubscriptions.endpoint],
      set: {
        userId: row.userId,
        sessionId: row.sessionId,
        p256dh: row.p256dh,
        auth: row.auth,
        createdAt: new Date(),
      },
    });
  return null;
}

/**
 * DELETE /api/push/subscriptions: forgets the signed-in user's subscription of `endpoint`
 * (signing out, turning desktop notifications off). Another user's, or none: nothing happens.
 */
export async function unsubscribeFromPush(
  deps: AppDeps,
  ctx: RequestContext,
  endpoint: string,
): Promise<null> {
  await deps.db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.organizationId, ctx.organizationId),
        eq(pushSubscriptions.userId, ctx.userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
  return null;
}
