import type { DomainEvent } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema/push';
import { defineSubscriber } from '../../events/event-subscriber';

/** The events after which none of a user's browsers may be notified any more. */
const ENDING_EVENTS = ['user.signed-out-everywhere', 'user.disconnected', 'user.disabled'] as const;

/**
 * Forgets every push subscription of a user who signed out of every device, whose sessions an
 * administrator ended, or whose account was disabled (docs/behaviour/notifications.md, "Web
 * Push"): a lost laptop or a departed employee's browser must stop showing the clinic's
 * notifications (they name contacts), as their sessions stopped. A browser signed in again
 * subscribes again (the personalisation page). Idempotent: a redelivered event deletes nothing more.
 */
export const forgetUserBrowsersSubscriber = defineSubscriber({
  name: 'push.forget-user-browsers',
  events: ENDING_EVENTS,
  handle: async (deps, event: DomainEvent<(typeof ENDING_EVENTS)[number]>) => {
    await deps.db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.organizationId, event.organizationId),
          eq(pushSubscriptions.userId, event.payload.userId),
        ),
      );
  },
});
