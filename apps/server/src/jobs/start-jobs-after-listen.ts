import type { AppInstance } from '../http/types';
import type { JobQueue } from './job-queue';

/**
 * How long after `listen` the job queue starts: `JOB_QUEUE_START_DELAY_MS` plus up to
 * `JOB_QUEUE_START_JITTER_MS` at random. The delay: pg-boss's start is ~0.3 s of statements on
 * PGlite's one connection and CPU, and a restarted process first serves what was retried at it
 * (the crash test wants serving again within 3 s of a restart); jobs can wait. The jitter (one
 * polling interval): processes started together would otherwise poll in step, and the first of
 * them would take nearly every job.
 */
const JOB_QUEUE_START_DELAY_MS = 3_000;
const JOB_QUEUE_START_JITTER_MS = 2_000;

/**
 * Starts `jobs` 3 to 5 s after `app` listens, without delaying it (not awaited; a failure is
 * logged as `job queue failed to start`). `cancel()` forgets a start not yet begun: call it
 * before `jobs.stop()`.
 */
export function startJobsAfterListen(app: AppInstance, jobs: JobQueue): { cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const start = () =>
    jobs.start().catch((err: unknown) => app.log.error({ err }, 'job queue failed to start'));
  app.addHook('onListen', (done) => {
    timer = setTimeout(
      () => void start(),
      JOB_QUEUE_START_DELAY_MS + Math.random() * JOB_QUEUE_START_JITTER_MS,
    );
    done();
  });
  return { cancel: () => clearTimeout(timer) };
}
