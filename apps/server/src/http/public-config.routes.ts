import { APP_VERSION } from '@accueil/domain';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { AppInstance } from './types';

/** GET /api/config answer: what the web app needs before sign-in. */
export const publicConfigSchema = z.object({
  messagingCarrier: z.enum(['sandbox', 'twilio']),
  version: z.string(),
});

/** Public configuration (docs/api.md "Public"): carrier in use and application version. */
export function publicConfigRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { tags: ['public'], response: { 200: publicConfigSchema } } },
    () => ({ messagingCarrier: deps.config.MESSAGING_CARRIER, version: APP_VERSION }),
  );
  return Promise.resolve();
}
