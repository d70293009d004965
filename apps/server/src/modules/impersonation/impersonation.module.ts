import type { AppModule } from '../../app-module';
import { impersonationRoutes } from './impersonation.routes';

/** Devops acting in an organisation, time-limited: the organisations list and impersonation sessions. */
export const impersonationModule: AppModule = { name: 'impersonation', routes: impersonationRoutes };
