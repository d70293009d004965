import type { AppModule } from '../../app-module';
import { teamsRoutes } from './teams.routes';

/** Teams (user groups): their settings and members. */
export const teamsModule: AppModule = { name: 'teams', routes: teamsRoutes };
