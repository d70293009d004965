import Fastify from 'fastify';
import { expect, it } from 'vitest';
import type { AppDeps } from '../app-deps';
import { openDatabase } from '../db/client';
import type { AppInstance } from '../http/types';
import { captureLogs } from '../test/log-capture';
import { createJobQueue, type JobQueue } from './job-queue';
import { startNewJobQueueBeforeListen } from './start-new-job-queue-before-listen';

/** A queue that counts its starts and says it is installed when `installed`; its start fails when `fails`. */
function countingQueue(installed: boolean, fails = false): JobQueue & { starts: number } {
  const queue = {
    starts: 0,
    isInstalled: () => Promise.resolve(installed),
    start: () => (queue.starts++, fails ? Promise.reject(new Error('no database')) : Promise.resolve()),
  };
  return queue as unknown as JobQueue & { starts: number };
}

function app(logs = captureLogs()) {
  return Fastify({ loggerInstance: logs.logger }) as unknown as AppInstance;
}

it('starts the queue of a new database before resolving (the caller listens after it)', async () => {
  const jobs = countingQueue(false);
  await startNewJobQueueBeforeListen(app(), jobs);
  expect(jobs.starts).toBe(1);
});

it('leaves the queue of a database where it is installed to start after listen', async () => {
  const jobs = countingQueue(true);
  await startNewJobQueueBeforeListen(app(), jobs);
  expect(jobs.starts).toBe(0);
});

it('logs a failed start and resolves: the server still listens and serves', async () => {
  const logs = captureLogs();
  await startNewJobQueueBeforeListen(app(logs), countingQueue(false, true));
  expect(logs.lines.find((l) => l.msg === 'job queue failed to start')).toMatchObject({
    level: 50,
    err: { message: 'no database' },
  });
});

it('tells a new embedded database (pg-boss not installed) from one a first start installed', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  const logs = captureLogs();
  const jobs = createJobQueue({ database, deps: { db: database.db } as AppDeps, jobs: [], log: logs.logger });
  try {
    expect(await jobs.isInstalled()).toBe(false);
    await startNewJobQueueBeforeListen(app(logs), jobs);
    expect(jobs.boss()).toBeDefined();
    expect(await jobs.isInstalled()).toBe(true);
  } finally {
    await jobs.stop();
    await database.close();
  }
});
