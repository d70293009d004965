import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { withOrganization, withSystemAccess, type SystemAccessReason } from '../db/tenant-scope';

/** What a run reports: logged on its `job done` line and kept as the job's output in pg-boss. */
export type JobOutput = Record<string, string | number | boolean | null>;

/**
 * One background job (one file per job; docs/behaviour/jobs.md), registered in `job-list.ts`.
 * - `name`: the pg-boss queue, kebab-case; stable across releases, since jobs in the database
 *   carry it (renaming orphans them).
 * - `payload`: zod schema of the job's data, checked when it is sent and again when a worker
 *   receives it (a job whose data does not parse fails at once, without retries). Plain JSON
 *   values only: the data is stored as jsonb. A scheduled job's schema must accept `{}`.
 * - `handler(deps, payload)`: does the work; throwing fails the run (retried with backoff).
 *   Runs on whichever server process claimed the job, once per job across processes.
 * - `schedule`: optional 5-field cron expression, in UTC; each tick sends the job with `{}`,
 *   once across all processes (the schedule is one row in pg-boss's schedule table).
 * - `scope`: the tenant scope the handler's statements run in (row-level security,
 *   db/tenant-scope.ts): `'payload'` — the organisation named by the payload's `organizationId`
 *   (a job acting for one organisation carries it) — or `{ systemAccess }` with its named reason
 *   for a job over every organisation.
 * - `timing`: optional, for a job whose start time matters (a text due at a minute): how often
 *   idle workers poll (s, at least 0.5), how many jobs a worker claims at once and runs side by
 *   side (with a `batchHandler`: how many organisations' groups of the batch run side by side, one
 *   call each), how many
 *   workers a process runs, and `heartbeatSeconds` (at least 10) after which a run whose process died (no
 *   heartbeat) is failed and retried, instead of waiting for the job's expiry.
 * - `retry`: optional, the job's own retries (default: 3, 30 s then 60 s then 120 s later).
 * - `oncePerKey`: optional; the queue then holds at most one waiting or running job per key
 *   (pg-boss's `exclusive` policy), sent with `sendOnce` — a second send is refused.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  handler(deps: AppDeps, payload: z.output<S>): Promise<JobOutput | void>;
  /**
   * Optional, instead of `handler` for the jobs a worker fetched together: runs the batch's jobs
   * of one tenant scope (one organisation) in one call, and answers one output — or the Error
   * that fails that job (retried) — per payload, in order; throwing fails them all. For a job
   * whose cost is per round trip (many texts due in one minute).
   */
  batchHandler?(deps: AppDeps, payloads: z.output<S>[]): Promise<(JobOutput | Error)[]>;
  schedule?: string;
  scope: 'payload' | { systemAccess: SystemAccessReason };
  timing?: JobTiming;
  retry?: { limit: number; delaySeconds: number };
  oncePerKey?: boolean;
};

/** See `JobDefinition.timing`. */
export type JobTiming = {
  pollingIntervalSeconds: number;
  batchSize: number;
  concurrency: number;
  heartbeatSeconds: number;
  /** Workers per process polling the queue (pg-boss `localConcurrency`; default 1): a second fetches while the first's batch runs. */
  workers?: number;
};

/** When a sent job may start: not before `startAfter` (default: at once). */
export type JobSendOptions = { startAfter?: Date };

/**
 * Runs `fn` in `job`'s tenant scope for `payload`.
 * @throws Error when the scope is `'payload'` and the payload has no `organizationId` string.
 */
export function inJobScope<T>(
  job: Pick<JobDefinition, 'scope' | 'name'>,
  payload: unknown,
  fn: () => Promise<T>,
): Promise<T> {
  if (job.scope !== 'payload') return withSystemAccess(job.scope.systemAccess, fn);
  const organizationId = (payload as { organizationId?: unknown } | null)?.organizationId;
  if (typeof organizationId !== 'string')
    throw new Error(`Job ${job.name}: its payload names no organizationId`);
  return withOrganization(organizationId, fn);
}

/** Types a job file's definition (its payload type inferred from the schema). */
export function defineJob<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
  return job;
}
