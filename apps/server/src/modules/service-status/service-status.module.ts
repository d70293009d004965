import type { AppModule } from '../../app-module';
import { serviceStatusRoutes } from './service-status.routes';

/** The service's status: the maintenance banner and overlay, set by devops, read by everyone. */
export const serviceStatusModule: AppModule = { name: 'service-status', routes: serviceStatusRoutes };
