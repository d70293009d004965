import type { FastifyBaseLogger } from 'fastify';
import type { CarrierDeps } from './app-registry';
import type { StorageCarrier } from './carriers/storage/storage-carrier';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobSender } from './jobs/job-sender';
import type { RealtimePublisher } from './realtime/publisher';

/** `buildApp`, stage 1: the database (migrated), the configuration and the logger. */
export type CoreDeps = {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
};

/**
 * Stage 2: with the realtime publisher, the job queue's sender (`jobs`: an inbound text hands
 * its automatic reply to a job) and the storage carrier (`storage`: a voicemail's audio is kept
 * there, a greeting's audio read from there; built with the other carriers, read when used).
 * What the carriers are built with, and all that the use cases a carrier calls back (record an
 * inbound text, apply a status) need.
 */
export type HostDeps = CoreDeps & { realtime: RealtimePublisher; jobs: JobSender; storage: StorageCarrier };

/**
 * Stage 3, what services need from the running app: with one carrier per capability
 * (`messaging`, …: `CARRIERS` in app-registry.ts) and the job queue's sender (`jobs`). Built once by `buildApp` and passed as the
 * first argument of every service function (with the request context where there is one); a
 * function that needs less takes a `Pick` of it.
 */
export type AppDeps = HostDeps & CarrierDeps;
