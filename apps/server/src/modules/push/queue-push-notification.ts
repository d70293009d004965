import type { RealtimeEvents } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { pushSubscriptions } from '../../db/schema/push';
import { withOrganization } from '../../db/tenant-scope';
import { sendPushNotificationJob } from './send-push-notification.job';

/**
 * Hands a user's `inbox:notification` to the push job (docs/behaviour/notifications.md, "Web
 * Push"), for the kinds that push (assigned, mention, inbound-text; not snooze-ended). Always
 * sent, whether or not a tab of theirs is connected: the service worker shows nothing while one
 * of the app's windows is focused, and an open but hidden tab's own desktop notification has the
 * same tag, so the browser shows one. Only for a user with a push subscription (one indexed
 * read): most users have none, and a job each would start and load the queue for nothing.
 * Never throws: a push that could not be queued is logged (the toast and the lists still tell).
 */
export function queuePushNotification(
  deps: Pick<AppDeps, 'jobs' | 'log' | 'db'>,
  userId: string,
  notification: RealtimeEvents['inbox:notification'],
): void {
  const { kind, conversation, by } = notification;
  if (kind === 'snooze-ended') return;
  const { organizationId } = conversation;
  const queue = async () => {
    const [subscribed] = await withOrganization(organizationId, () =>
      deps.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.organizationId, organizationId), eq(pushSubscriptions.userId, userId)),
        )
        .limit(1),
    );
    if (!subscribed) return;
    await deps.jobs.send(sendPushNotificationJob, {
      organizationId,
      userId,
      kind,
      conversationId: conversation.id,
      by: by?.name.slice(0, 300) ?? null,
      contact: (conversation.contact?.fullname?.trim() || conversation.friendlyName).slice(0, 300),
    });
  };
  queue().catch((error: unknown) => deps.log.warn({ err: error }, 'push notification not queued'));
}
