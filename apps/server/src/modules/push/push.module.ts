import type { AppModule } from '../../app-module';
import { forgetUserBrowsersSubscriber } from './forget-user-browsers.subscriber';
import { pushRoutes } from './push.routes';
import { sendPushNotificationJob } from './send-push-notification.job';

/**
 * Web Push: the users' browsers' push subscriptions (`push_subscriptions`), the installation's
 * VAPID keys (`push_vapid_keys`), the job that pushes a user's notifications, and forgetting a user's
 * browsers when their sessions all end
 * (docs/behaviour/notifications.md, "Web Push").
 */
export const pushModule: AppModule = {
  name: 'push',
  routes: pushRoutes,
  jobs: [sendPushNotificationJob],
  subscribers: [forgetUserBrowsersSubscriber],
};
