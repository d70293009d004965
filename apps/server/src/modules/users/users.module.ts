import type { AppModule } from '../../app-module';
import { usersRoutes } from './users.routes';

/** Users of the organisation: accounts, disabling, forced disconnect, phone lines. */
export const usersModule: AppModule = { name: 'users', routes: usersRoutes };
