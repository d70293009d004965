import type { AppModule } from '../../app-module';
import { passwordsRoutes } from './passwords.routes';

/** Password forgotten and reset, set-password links, account invitations. */
export const passwordsModule: AppModule = { name: 'passwords', routes: passwordsRoutes };
