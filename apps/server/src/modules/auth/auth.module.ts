import type { AppModule } from '../../app-module';
import { authRoutes } from './auth.routes';

/** Sign-in, sessions and the signed-in user's profile. */
export const authModule: AppModule = { name: 'auth', routes: authRoutes };
