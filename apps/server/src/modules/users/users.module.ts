import type { AppModule } from '../../app-module';
import { userRealtimeSubscriber } from './user-realtime-subscriber';
import { usersRoutes } from './users.routes';

/**
 * Users of the organisation: accounts, disabling, forced disconnect, phone lines; the realtime
 * of a disabled or disconnected user (after the commit).
 */
export const usersModule: AppModule = {
  name: 'users',
  routes: usersRoutes,
  subscribers: [userRealtimeSubscriber],
};
