import type { FastifyBaseLogger } from 'fastify';
import type { MessagingCarrier } from './carriers/messaging/messaging-carrier';
import type { Config } from './config';
import type { Database } from './db/client';
import type { RealtimePublisher } from './realtime/publisher';

/**
 * What services need from the running app, built once by `buildApp` and passed as the first
 * argument of every service function (with the request context where there is one).
 */
export type AppDeps = {
  db: Database;
  config: Config;
  messaging: MessagingCarrier;
  realtime: RealtimePublisher;
  log: FastifyBaseLogger;
};
