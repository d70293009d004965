import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobResult, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { DatabaseHandle } from '../db/client';
import { inJobScope, type JobDefinition, type JobOutput, type JobSendOptions } from './job-definition';
import { inLanes } from './in-lanes';
import { connectionTo, queueOptions, scheduleJobs, STOP_GRACE_MS, workOptions } from './job-queue-setup';

/** The background job queue: pg-boss on the app's database (docs/behaviour/jobs.md). */
export type JobQueue = {
  /**
   * Starts pg-boss: installs or migrates its schema (`pgboss`) once across processes, creates
   * each job's queue, and with `work` (default) schedules the jobs that have a `schedule` (one
   * row per job in `pgboss.schedule`) and works every queue. `work: false` only sends (no workers, schedules or maintenance). Idempotent:
   * later calls return the first call's promise. Rejects with pg-boss's error after 3 tries.
   */
  start: (opts?: { work?: boolean }) => Promise<void>;
  /**
   * Whether pg-boss's tables are in the database (an earlier start installed them): one catalog
   * look-up, pg-boss not loaded. False on a new database, until a `start()` has installed them.
   */
  isInstalled: () => Promise<boolean>;
  /**
   * Sends one job with `payload` (validated by the job's schema first) and resolves with its id;
   * with `startAfter`, no worker runs it before that instant.
   * @throws ZodError on an invalid payload; Error before `start()` has resolved.
   */
  send: <S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    options?: JobSendOptions,
  ) => Promise<string>;
  /**
   * Sends one job of a `oncePerKey` job under `key`, unless one with that key is already waiting,
   * retrying or running: resolves true when sent, false when refused so.
   * @throws ZodError on an invalid payload; Error before `start()` has resolved.
   */
  sendOnce: <S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    key: string,
  ) => Promise<boolean>;
  /**
   * Stops gracefully: no more fetching, running handlers get `STOP_GRACE_MS` to finish, then
   * pg-boss's pool closes (PostgreSQL) or its last statement settles (PGlite). Waits for a
   * start still in progress. Call before the database closes.
   */
  stop: () => Promise<void>;
  /** The started pg-boss instance (tests, tools). @throws Error before `start()` has resolved. */
  boss: () => PgBoss;
  /** Each queue's waiting, running and failed jobs (pg-boss's `getQueues`), or null before `start()`. */
  stats: () => Promise<JobQueueStats[] | null>;
};

/**
 * One queue's jobs as pg-boss counts them: `queued` waiting (`deferred` of them not before a
 * later time), `active` running, `failed` failed for good and still kept (pg-boss's retention:
 * a rolling count of recent failures).
 */
export type JobQueueStats = {
  name: string;
  queued: number;
  deferred: number;
  active: number;
  failed: number;
};

/**
 * The job queue on `database`: pg-boss's own small pool on PostgreSQL (`url`), or the app's
 * PGlite instance through `pgliteJobDatabase`. Nothing runs before `start()`; pg-boss itself is
 * loaded then, so it costs a server's start-up nothing.
 * Logs `job queue started` (info), then one line per run: `job done` (info) or `job failed`
 * (error, with `err`), with `job` (name) and `jobId`.
 */
export function createJobQueue(opts: {
  database: DatabaseHandle;
  deps: AppDeps;
  jobs: readonly JobDefinition[];
  log: FastifyBaseLogger;
}): JobQueue {
  const { deps, jobs, log } = opts;
  const { connection, pgliteDb } = connectionTo(opts.database);
  let boss: PgBoss | null = null;
  let started = false;
  let stopping = false;
  let starting: Promise<void> | null = null;

  const boot = async (work: boolean) => {
    const { PgBoss } = await import('pg-boss');
    if (stopping) return;
    boss = new PgBoss({
      ...connection,
      supervise: work,
      schedule: work,
      // Runs whose process died (no heartbeat) are failed, and so retried, at the next supervision
      // pass: every 10 s rather than pg-boss's 60, so a text due at its minute is not a minute late.
      superviseIntervalSeconds: 10,
      monitorIntervalSeconds: 10,
      openTelemetry: { enabled: false },
    });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    await boss.start({ attempts: 3 });
    for (const job of jobs) await boss.createQueue(job.name, queueOptions(job));
    if (work) {
      await scheduleJobs(boss, jobs);
      for (const job of jobs)
        await boss.work(job.name, workOptions(job), (batch: Job<unknown>[]) => runBatch(job, batch));
    }
    started = true;
    log.info({ jobs: jobs.map((job) => job.name), work }, 'job queue started');
  };

  const runBatch = async (job: JobDefinition, batch: Job<unknown>[]): Promise<JobResult[]> => {
    if (job.batchHandler) return runTogether(job, batch);
    // One after another, or `timing.concurrency` side by side (each job is settled on its own).
    return inLanes(batch, job.timing?.concurrency ?? 1, (j) => runOne(job, j));
  };

  /** A job with a `batchHandler`: the batch's valid jobs grouped by tenant scope, one call per group; each job settled on its own. */
  const runTogether = async (job: JobDefinition, batch: Job<unknown>[]): Promise<JobResult[]> => {
    const results: JobResult[] = new Array<JobResult>(batch.length);
    const groups = new Map<string, { index: number; payload: unknown }[]>();
    for (const [index, j] of batch.entries()) {
      const payload = job.payload.safeParse(j.data);
      if (!payload.success) {
        log.error(
          { job: job.name, jobId: j.id, err: payload.error, reason: 'invalid-payload' },
          'job failed',
        );
        results[index] = {
          id: j.id,
          status: 'deadletter',
          output: { error: 'invalid payload', issues: payload.error.issues },
        };
        continue;
      }
      const scopeKey =
        job.scope === 'payload' ? String((payload.data as { organizationId?: unknown }).organizationId) : '';
      groups.set(scopeKey, [...(groups.get(scopeKey) ?? []), { index, payload: payload.data }]);
    }
    const runGroup = async (group: { index: number; payload: unknown }[]) => {
      const startedAt = performance.now();
      let outputs: (JobOutput | Error)[];
      try {
        outputs = await inJobScope(job, group[0]!.payload, () =>
          job.batchHandler!(
            deps,
            group.map((g) => g.payload),
          ),
        );
      } catch (err) {
        outputs = group.map(() => (err instanceof Error ? err : new Error(String(err))));
      }
      const durationMs = Math.round(performance.now() - startedAt);
      for (const [n, { index }] of group.entries()) {
        const j = batch[index]!;
        const output = outputs[n] ?? new Error('no outcome for this job');
        if (output instanceof Error) {
          log.error(
            { job: job.name, jobId: j.id, err: output, durationMs, batch: group.length },
            'job failed',
          );
          results[index] = { id: j.id, status: 'failed', output: { error: output.message } };
        } else {
          log.info({ job: job.name, jobId: j.id, output, durationMs, batch: group.length }, 'job done');
          results[index] = { id: j.id, status: 'completed', output };
        }
      }
    };
    // Organisations side by side (`timing.concurrency` at once): one's database round trips and
    // carrier calls overlap another's, so a minute due across many organisations is not run in file.
    await inLanes([...groups.values()], job.timing?.concurrency ?? 1, runGroup);
    return results;
  };

  const runOne = async (job: JobDefinition, j: Job<unknown>): Promise<JobResult> => {
    const runLog = log.child({ job: job.name, jobId: j.id });
    const startedAt = performance.now();
    const durationMs = () => Math.round(performance.now() - startedAt);
    const payload = job.payload.safeParse(j.data);
    if (!payload.success) {
      // Retrying cannot fix the data: fail for good.
      runLog.error({ err: payload.error, reason: 'invalid-payload' }, 'job failed');
      return {
        id: j.id,
        status: 'deadletter',
        output: { error: 'invalid payload', issues: payload.error.issues },
      };
    }
    try {
      const output = (await inJobScope(job, payload.data, () => job.handler(deps, payload.data))) ?? {};
      runLog.info({ output, durationMs: durationMs() }, 'job done');
      return { id: j.id, status: 'completed', output };
    } catch (err) {
      runLog.error({ err, durationMs: durationMs() }, 'job failed');
      return {
        id: j.id,
        status: 'failed',
        output: { error: err instanceof Error ? err.message : String(err) },
      };
    }
  };

  const startedBoss = (): PgBoss => {
    if (!started || !boss) throw new Error('The job queue is not started');
    return boss;
  };

  return {
    start: (startOpts = {}) =>
      (starting ??= boot(startOpts.work ?? true).catch((err: unknown) => {
        if (!stopping) throw err; // a stop() during start: pg-boss refuses the remaining steps
      })),
    isInstalled: async () => {
      // From the catalogue, which every role reads: the app's role has no rights on pg-boss's schema.
      const result = (await opts.database.db.execute(
        sql`SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = 'pgboss' AND tablename = 'version') AS installed`,
      )) as { rows: { installed: boolean }[] };
      return result.rows[0]?.installed === true;
    },
    send: async (job, payload, sendOptions) => {
      job.payload.parse(payload);
      const id = await startedBoss().send(
        job.name,
        payload as object,
        sendOptions?.startAfter ? { startAfter: sendOptions.startAfter } : {},
      );
      if (!id) throw new Error(`pg-boss did not create the ${job.name} job`);
      return id;
    },
    sendOnce: async (job, payload, key) => {
      job.payload.parse(payload);
      return (await startedBoss().send(job.name, payload as object, { singletonKey: key })) !== null;
    },
    stop: async () => {
      stopping = true;
      await boss?.stop({ graceful: true, timeout: STOP_GRACE_MS });
      await starting?.catch(() => undefined);
      await pgliteDb?.idle();
    },
    boss: startedBoss,
    stats: async () => {
      if (!started || !boss) return null;
      const queues = await boss.getQueues();
      return queues.map((q) => ({
        name: q.name,
        queued: q.queuedCount,
        deferred: q.deferredCount,
        active: q.activeCount,
        failed: q.failedCount,
      }));
    },
  };
}
