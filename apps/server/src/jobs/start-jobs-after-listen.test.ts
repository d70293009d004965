import Fastify from 'fastify';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { AppInstance } from '../http/types';
import type { JobQueue } from './job-queue';
import { startJobsAfterListen } from './start-jobs-after-listen';

/** A queue that only counts its starts. */
function countingQueue(): JobQueue & { starts: number } {
  const queue = { starts: 0, start: () => (queue.starts++, Promise.resolve()) };
  return queue as unknown as JobQueue & { starts: number };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

async function listeningApp(jobs: JobQueue) {
  const app = Fastify() as unknown as AppInstance;
  const handle = startJobsAfterListen(app, jobs);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, handle };
}

it('starts the job queue between 3 and 5 s after the server listens, not before', async () => {
  const jobs = countingQueue();
  const { app } = await listeningApp(jobs);
  await vi.advanceTimersByTimeAsync(2_999);
  expect(jobs.starts).toBe(0);
  await vi.advanceTimersByTimeAsync(2_001);
  expect(jobs.starts).toBe(1);
  await app.close();
});

it('never starts a queue whose start was cancelled (a server closing within 3 s)', async () => {
  const jobs = countingQueue();
  const { app, handle } = await listeningApp(jobs);
  handle.cancel();
  await vi.advanceTimersByTimeAsync(10_000);
  expect(jobs.starts).toBe(0);
  await app.close();
});

it('starts nothing on a server that never listens', async () => {
  const jobs = countingQueue();
  const app = Fastify() as unknown as AppInstance;
  startJobsAfterListen(app, jobs);
  await app.ready();
  await vi.advanceTimersByTimeAsync(10_000);
  expect(jobs.starts).toBe(0);
  await app.close();
});
