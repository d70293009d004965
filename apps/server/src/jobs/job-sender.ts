import type { z } from 'zod';
import type { JobDefinition, JobSendOptions } from './job-definition';
import type { JobQueue, JobQueueStats } from './job-queue';

/** What a use case may do with the job queue: hand it a job to run in the background. */
export type JobSender = {
  /**
   * Sends one job (payload validated by its schema) and resolves with its id. Starts the queue
   * first when it has not started yet (it otherwise starts a few seconds after the server
   * listens): a job sent in those first seconds is not refused.
   * With `startAfter`, no worker runs it before that instant.
   * @throws ZodError on an invalid payload.
   */
  send: <S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    options?: JobSendOptions,
  ) => Promise<string>;
  /** Sends a `oncePerKey` job under `key` unless one is waiting or running (JobQueue.sendOnce); true when sent. */
  sendOnce: <S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.input<S>,
    key: string,
  ) => Promise<boolean>;
  /** Each queue's counts (JobQueue.stats), or null while the queue has not started; never starts it. */
  stats: () => Promise<JobQueueStats[] | null>;
};

/**
 * The sender of the app's job queue. `queue` is read when a job is sent (the queue is built
 * after the services' deps, since it runs their handlers with them).
 */
export function jobSender(queue: () => JobQueue): JobSender {
  return {
    send: async (job, payload, options) => {
      await queue().start();
      return queue().send(job, payload, options);
    },
    sendOnce: async (job, payload, key) => {
      await queue().start();
      return queue().sendOnce(job, payload, key);
    },
    stats: () => queue().stats(),
  };
}
