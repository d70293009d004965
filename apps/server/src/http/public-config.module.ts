import type { AppModule } from '../app-module';
import { publicConfigRoutes } from './public-config.routes';

/** GET /api/config: what the web app needs before sign-in. */
export const publicConfigModule: AppModule = { name: 'config', routes: publicConfigRoutes };
