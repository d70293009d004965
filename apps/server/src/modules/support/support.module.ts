import type { AppModule } from '../../app-module';
import { supportRoutes } from './support.routes';

/** Support requests from the report-a-problem dialog, mailed to the support address; no table. */
export const supportModule: AppModule = { name: 'support', routes: supportRoutes };
