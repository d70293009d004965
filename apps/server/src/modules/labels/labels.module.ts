import type { AppModule } from '../../app-module';
import { labelsRealtimeSubscriber } from './labels-realtime-subscriber';
import { labelsRoutes } from './labels.routes';

/**
 * The organisation's labels and the conversations carrying them (docs/behaviour/labels.md): their
 * routes, and `labels:changed` to the organisation after each change.
 */
export const labelsModule: AppModule = {
  name: 'labels',
  routes: labelsRoutes,
  subscribers: [labelsRealtimeSubscriber],
};
