import type { AppModule } from '../../app-module';
import { statisticsRoutes } from './statistics.routes';

/** The weekly statistics: the report's recipients (docs/behaviour/statistics.md). */
export const statisticsModule: AppModule = { name: 'statistics', routes: statisticsRoutes };
