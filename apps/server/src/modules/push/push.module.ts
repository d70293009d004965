import type { AppModule } from '../../app-module';
import { pushRoutes } from './push.routes';
import { sendPushNotificationJob } from './send-push-notification.job';

/**
 * Web Push: the users' browsers' push subscriptions (`push_subscriptions`), the installation's
 * VAPID keys (`push_vapid_keys`), and the job that pushes a user's notifications
 * (docs/behaviour/notifications.md, "Web Push").
 */
export const pushModule: AppModule = { name: 'push', routes: pushRoutes, jobs: [sendPushNotificationJob] };
