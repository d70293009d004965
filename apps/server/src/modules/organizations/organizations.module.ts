import type { AppModule } from '../../app-module';
import { organizationsRoutes } from './organizations.routes';

/** The organisation's settings, schedules, logo, services catalogue and tier; the teams' schedules. */
export const organizationsModule: AppModule = { name: 'organizations', routes: organizationsRoutes };
