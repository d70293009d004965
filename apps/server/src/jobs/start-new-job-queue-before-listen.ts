import type { AppInstance } from '../http/types';
import type { JobQueue } from './job-queue';

/**
 * On a new database (pg-boss's tables absent: a server's first start), starts `jobs` now and
 * resolves once started, so that the caller listens after it; on any other, resolves at once
 * (the queue then starts after listen, `startJobsAfterListen`). Why: installing pg-boss is one
 * long statement (0.1 s on a quiet machine, up to a second on a loaded one), and on PGlite every
 * statement runs on the server's own thread: after listen, it held every request of the first
 * seconds. A first start already creates the database; a restart, whose time counts, skips it.
 * A failed start is logged as `job queue failed to start`, as after listen; the server still serves.
 */
export async function startNewJobQueueBeforeListen(app: AppInstance, jobs: JobQueue): Promise<void> {
  if (await jobs.isInstalled()) return;
  await jobs.start().catch((err: unknown) => app.log.error({ err }, 'job queue failed to start'));
}
