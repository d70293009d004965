import type { AppModule } from '../../app-module';
import { messagesRoutes } from './messages.routes';
import { purgeIdempotencyKeysJob } from './purge-idempotency-keys.job';

/** A conversation's messages: sending, listing, ingest, carrier statuses; the hourly purge of idempotency keys. */
export const messagesModule: AppModule = {
  name: 'messages',
  routes: messagesRoutes,
  jobs: [purgeIdempotencyKeysJob],
};
