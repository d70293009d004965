import type { ConstructorOptions, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import type { JobDefinition } from './job-definition';
import { pgliteJobDatabase, type PgliteJobDatabase } from './pglite-job-database';

// How the job queue (job-queue.ts) sets pg-boss up: connections, queue and worker options,
// cron schedules, and the lanes a batch job's organisations run in (docs/behaviour/jobs.md).

/** pg-boss's own connections on PostgreSQL: a few, beside the app's pool. */
const JOB_POOL_MAX_CONNECTIONS = 3;
/** What `stop()` gives running handlers to finish before it fails them (they retry elsewhere). */
export const STOP_GRACE_MS = 5_000;
/**
 * Each worker claims up to 5 jobs per fetch (`FOR UPDATE SKIP LOCKED`, so a job goes to one
 * process) and runs them one after another; a full batch fetches again at once, otherwise it
 * polls every 2 s. Each job is settled on its own (`perJobResults`).
 */
const WORK_OPTIONS = {
  batchSize: 5,
  burstWhenBatchFull: true,
  pollingIntervalSeconds: 2,
  perJobResults: true,
} as const;
/** A failed run is retried 3 times, 30 s then 60 s then 120 s later. */
const QUEUE_OPTIONS = { retryLimit: 3, retryDelay: 30, retryBackoff: true } as const;
/** The queue's options: the common retries, or the job's own; its heartbeat when its `timing` sets one; the exclusive policy of a `oncePerKey` job. */
export function queueOptions(job: JobDefinition) {
  return {
    ...QUEUE_OPTIONS,
    ...(job.timing ? { heartbeatSeconds: job.timing.heartbeatSeconds } : {}),
    ...(job.retry ? { retryLimit: job.retry.limit, retryDelay: job.retry.delaySeconds } : {}),
    ...(job.oncePerKey ? { policy: 'exclusive' as const } : {}),
  };
}

/** The workers' options: the common ones, or a job's own polling and batch when its `timing` sets them. */
export function workOptions(job: JobDefinition) {
  if (!job.timing) return WORK_OPTIONS;
  return {
    ...WORK_OPTIONS,
    pollingIntervalSeconds: job.timing.pollingIntervalSeconds,
    batchSize: job.timing.batchSize,
    localConcurrency: job.timing.workers ?? 1,
  };
}

/** pg-boss's connection options for `database`, and on PGlite the adapter (to wait for its last call). */
export function connectionTo(database: DatabaseHandle): {
  connection: ConstructorOptions;
  pgliteDb: PgliteJobDatabase | null;
} {
  if (database.kind === 'postgres') {
    return {
      connection: {
        connectionString: database.url,
        max: JOB_POOL_MAX_CONNECTIONS,
        application_name: 'accueil-jobs',
      },
      pgliteDb: null,
    };
  }
  const pgliteDb = pgliteJobDatabase(database.pglite);
  return { connection: { db: pgliteDb, backend: 'pglite' }, pgliteDb };
}

/**
 * One `pgboss.schedule` row per scheduled job: `schedule()` upserts on the name, so processes
 * starting together leave one. In UTC; ticks missed while no process ran are sent once when one
 * runs again (a server often off still purges). A release that removes a scheduled job must
 * `unschedule` it (older processes of a rolling deploy would schedule it again anyway).
 * @throws Error when a scheduled job's payload schema refuses `{}` (what each tick sends).
 */
export async function scheduleJobs(boss: PgBoss, jobs: readonly JobDefinition[]): Promise<void> {
  for (const job of jobs) {
    if (!job.schedule) continue;
    if (!job.payload.safeParse({}).success)
      throw new Error(`Scheduled job ${job.name}: its payload schema must accept {}`);
    await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC', missed: 'once' });
  }
}
