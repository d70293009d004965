import { APP_VERSION, publicEndpoints } from '@accueil/domain';
import type { AppDeps } from '../app-deps';
import { route } from './route';
import type { AppInstance } from './types';

/** Public configuration (docs/api.md "Public"): carrier in use, application version, the support line. */
export function publicConfigRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  route(app, publicEndpoints.config, {
    access: 'public',
    handler: () => ({
      messagingCarrier: deps.config.MESSAGING_CARRIER,
      version: APP_VERSION,
      supportPhoneNumber: deps.config.SUPPORT_PHONE_NUMBER ?? null,
    }),
  });
  return Promise.resolve();
}
