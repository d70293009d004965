import type { AppModule } from '../../app-module';
import { statisticsRollupJob } from './statistics-rollup.job';
import { statisticsWeeklyReportJob } from './statistics-weekly-report.job';
import { statisticsRoutes } from './statistics.routes';

/**
 * The weekly statistics (docs/behaviour/statistics.md): the daily roll-ups (an hourly job), the
 * figures' read API, the report's recipients and the weekly report (an hourly job sending each
 * organisation's on its Sunday).
 */
export const statisticsModule: AppModule = {
  name: 'statistics',
  routes: statisticsRoutes,
  jobs: [statisticsRollupJob, statisticsWeeklyReportJob],
};
