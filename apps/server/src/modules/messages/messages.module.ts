import type { AppModule } from '../../app-module';
import { messagesRoutes } from './messages.routes';
import { noteMentionSubscriber } from './note-mention-subscriber';
import { purgeIdempotencyKeysJob } from './purge-idempotency-keys.job';

/**
 * A conversation's messages: sending, listing, ingest, carrier statuses, internal notes and their
 * mentions' notifications; the hourly purge of idempotency keys.
 */
export const messagesModule: AppModule = {
  name: 'messages',
  routes: messagesRoutes,
  jobs: [purgeIdempotencyKeysJob],
  subscribers: [noteMentionSubscriber],
};
