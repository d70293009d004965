import type { AppModule } from '../../app-module';
import { messagingV1Routes } from './messaging-v1.routes';
import { purgePollingEventsJob } from './purge-polling-events.job';

/**
 * France's messaging (docs/behaviour/france.md): the threads paths over the conversations'
 * use cases, the polling transport's events (`polling_counters`, `polling_events`, written by
 * `withPollingLog` around the realtime publisher) and their hourly purge.
 */
export const messagingV1Module: AppModule = {
  name: 'messaging-v1',
  routes: messagingV1Routes,
  jobs: [purgePollingEventsJob],
};
