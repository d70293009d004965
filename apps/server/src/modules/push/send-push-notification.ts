import type { PushPayload } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { Agent } from 'node:https';
import type { AppDeps } from '../../app-deps';
import { pushSubscriptions } from '../../db/schema/push';
import { liveSessionIds } from '../auth/index';
import { getUserLocale } from '../users/index';
import { checkPushEndpoint } from './endpoint-guard';
import { pushTexts } from './push-texts';
import { vapidDetails } from './vapid-keys';

/** What the send-push-notification job carries: whom, which kind, and the names to write. */
export type PushNotificationJob = {
  organizationId: string;
  userId: string;
  kind: PushPayload['kind'];
  conversationId: string;
  /** Who acted (assigned, mentioned), or null. */
  by: string | null;
  /** The contact's name, or its number. */
  contact: string;
};

/** How long a push service keeps an undelivered push (s): a notification older than this is stale. */
const PUSH_TTL_S = 3600;

/**
 * Sends one of the user's notifications to each of their browsers' push subscriptions
 * (docs/behaviour/notifications.md, "Web Push"): the payload (`PushPayload`) in the user's
 * language, encrypted (aes128gcm) and signed with the installation's VAPID keys — only to the
 * subscriptions whose session is still live: one given by a session that ended (signed out
 * elsewhere, revoked, idle past 12 h) or by none (a row from before sessions were kept) is
 * deleted unsent, so a shared computer whose session ended shows nothing. A push service
 * answering 404 or 410 (the subscription is gone) deletes the row; an endpoint that now resolves
 * to a private address is skipped and deleted. Any other failure is thrown after trying every
 * subscription, so the job is retried (a browser shows a repeated push once: its tag).
 * Returns how many pushes were accepted and how many subscriptions were deleted. `agent`: the
 * https agent to call the push services with (tests: one trusting the local stand-in's certificate).
 */
export async function sendPushNotification(
  deps: AppDeps,
  job: PushNotificationJob,
  agent?: Agent,
): Promise<{ sent: number; removed: number }> {
  const subscriptions = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.organizationId, job.organizationId), eq(pushSubscriptions.userId, job.userId)),
    );
  if (subscriptions.length === 0) return { sent: 0, removed: 0 };
  const live = await liveSessionIds(
    deps.db,
    subscriptions.flatMap((s) => (s.sessionId ? [s.sessionId] : [])),
    new Date(),
  );
  const locale = (await getUserLocale(deps, job.organizationId, job.userId)) ?? 'fr-CA';
  const payload: PushPayload = {
    kind: job.kind,
    conversationId: job.conversationId,
    ...pushTexts(locale, job.kind, { by: job.by ?? '', contact: job.contact }),
  };
  const vapid = await vapidDetails(deps);
  let sent = 0;
  let removed = 0;
  const failures: unknown[] = [];
  const remove = async (id: string) => {
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    removed += 1;
  };
  // web-push loads with the first notification, not at every start.
  const { default: webpush, WebPushError } = await import('web-push');
  for (const subscription of subscriptions) {
    if (!subscription.sessionId || !live.has(subscription.sessionId)) {
      await remove(subscription.id);
      continue;
    }
    try {
      await checkPushEndpoint(subscription.endpoint, deps.config.PUSH_ALLOW_PRIVATE_ENDPOINTS);
    } catch {
      await remove(subscription.id);
      continue;
    }
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_S,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          ...(agent ? { agent } : {}),
        },
      );
      sent += 1;
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410))
        await remove(subscription.id);
      else failures.push(error);
    }
  }
  if (failures.length > 0) {
    deps.log.warn({ failures: failures.length, sent }, 'push notification failed');
    throw failures[0] instanceof Error ? failures[0] : new Error('push notification failed');
  }
  return { sent, removed };
}
