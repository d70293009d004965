import type { z } from 'zod';
import type { AppDeps } from '../app-deps';

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
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  handler(deps: AppDeps, payload: z.output<S>): Promise<JobOutput | void>;
  schedule?: string;
};

/** Types a job file's definition (its payload type inferred from the schema). */
export function defineJob<S extends z.ZodType>(job: JobDefinition<S>): JobDefinition<S> {
  return job;
}
