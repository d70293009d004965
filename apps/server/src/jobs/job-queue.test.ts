import { randomUUID } from 'node:crypto';
import type { JobWithMetadata } from 'pg-boss';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { captureLogs } from '../test/log-capture';
import { defineJob } from './job-definition';
import { createJobQueue, type JobQueue } from './job-queue';

/**
 * The job queue on the test database: PGlite in memory (through `pgliteJobDatabase`), or the
 * shared PostgreSQL when DATABASE_URL is set. Queue names are unique to this run, so other test
 * files' queues (same PostgreSQL) never take these jobs.
 */
const run = randomUUID().slice(0, 8);
const echoed: number[] = [];
const echo = defineJob({
  name: `test-echo-${run}`,
  payload: z.object({ n: z.number().int() }),
  scope: { systemAccess: 'test-fixture' },
  handler: (_deps, { n }) => {
    echoed.push(n);
    return Promise.resolve({ n });
  },
});
const failing = defineJob({
  name: `test-failing-${run}`,
  payload: z.object({}),
  scope: { systemAccess: 'test-fixture' },
  handler: () => Promise.reject(new Error('boom')),
});
const scheduled = defineJob({
  name: `test-scheduled-${run}`,
  payload: z.object({}),
  scope: { systemAccess: 'test-fixture' },
  schedule: '0 0 1 1 *',
  handler: () => Promise.resolve(),
});

let database: DatabaseHandle;
let deps: AppDeps;
const logs = captureLogs();
let queue: JobQueue;
const others: JobQueue[] = [];

/** Another queue on the same database (another process, as far as pg-boss can tell). */
function otherQueue(jobs: Parameters<typeof createJobQueue>[0]['jobs'], log = logs.logger): JobQueue {
  const q = createJobQueue({ database, deps, jobs, log });
  others.push(q);
  return q;
}

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  // The handlers here use no dependency.
  deps = { db: database.db } as AppDeps;
  queue = createJobQueue({ database, deps, jobs: [echo, failing, scheduled], log: logs.logger });
  await queue.start();
});

afterAll(async () => {
  await queue?.boss().unschedule(scheduled.name);
  for (const q of [queue, ...others]) await q?.stop();
  await database?.close();
});

const doneLine = (id: string) => logs.waitFor((l) => l.msg === 'job done' && l.jobId === id);
const failedLine = (id: string) => logs.waitFor((l) => l.msg === 'job failed' && l.jobId === id);
async function stored(name: string, id: string): Promise<JobWithMetadata<unknown>> {
  const [job] = await queue.boss().findJobs(name, { id });
  return job!;
}

it('works each sent job once, with one `job done` line naming the job and its id', async () => {
  const ids = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => queue.send(echo, { n })));
  const lines = await Promise.all(ids.map(doneLine));
  expect(lines.map((l) => [l.level, l.job, l.output])).toEqual(
    [1, 2, 3, 4, 5, 6, 7].map((n) => [30, echo.name, { n }]),
  );
  expect(echoed.slice().sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(logs.lines.filter((l) => l.msg === 'job done' && ids.includes(l.jobId as string))).toHaveLength(7);
  const job = await stored(echo.name, ids[0]!);
  expect([job.state, job.output]).toEqual(['completed', { n: 1 }]);
});

it('refuses to send a payload its schema refuses', async () => {
  await expect(queue.send(echo, { n: 1.5 })).rejects.toBeInstanceOf(z.ZodError);
});

it('fails a received job whose payload does not parse, for good, with a log line, and keeps working', async () => {
  const id = (await queue.boss().send(echo.name, { n: 'one' }))!;
  const line = await failedLine(id);
  expect([line.level, line.job, line.reason]).toEqual([50, echo.name, 'invalid-payload']);
  expect(line.err).toBeTruthy();
  await expect.poll(async () => (await stored(echo.name, id)).state).toBe('failed');
  await doneLine(await queue.send(echo, { n: 8 }));
});

it('logs a throwing handler as `job failed` with the error, and retries the job later', async () => {
  const id = await queue.send(failing, {});
  const line = await failedLine(id);
  expect([line.level, line.job, (line.err as { message: string }).message]).toEqual([
    50,
    failing.name,
    'boom',
  ]);
  await expect.poll(async () => (await stored(failing.name, id)).state).toBe('retry');
});

it('keeps one schedule row for a job that several instances schedule', async () => {
  await otherQueue([scheduled]).start();
  await otherQueue([scheduled]).start();
  const schedules = await queue.boss().getSchedules(scheduled.name);
  expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toEqual([[scheduled.name, '0 0 1 1 *', 'UTC']]);
});

it('refuses to start with a scheduled job whose payload refuses {} (what each tick sends)', async () => {
  const strict = defineJob({
    name: `test-strict-${run}`,
    payload: z.object({ n: z.number() }),
    scope: { systemAccess: 'test-fixture' },
    schedule: '0 0 1 1 *',
    handler: () => Promise.resolve(),
  });
  await expect(otherQueue([strict]).start()).rejects.toThrow(/must accept \{\}/);
});

it('lets a running job finish before stop() resolves', async () => {
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const slow = defineJob({
    name: `test-slow-${run}`,
    payload: z.object({}),
    scope: { systemAccess: 'test-fixture' },
    handler: async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      return { slow: true };
    },
  });
  const slowQueue = otherQueue([slow]);
  await slowQueue.start();
  const id = await slowQueue.send(slow, {});
  await running;
  const stopped = slowQueue.stop();
  setTimeout(() => release(), 200);
  await stopped;
  expect(logs.lines.some((l) => l.msg === 'job done' && l.jobId === id)).toBe(true);
});

it('runs a batch job’s organisations side by side, `timing.concurrency` at once, each job settled on its own', async () => {
  let inFlight = 0;
  let most = 0;
  const seen: string[] = [];
  const batched = defineJob({
    name: `test-batched-${run}`,
    payload: z.object({ organizationId: z.uuid(), n: z.number().int() }),
    scope: 'payload',
    timing: { pollingIntervalSeconds: 0.5, batchSize: 20, concurrency: 3, heartbeatSeconds: 10 },
    handler: () => Promise.reject(new Error('runs in batches only')),
    batchHandler: async (_deps, payloads) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 150));
      seen.push(...payloads.map((p) => `${p.organizationId}:${p.n}`));
      inFlight -= 1;
      return payloads.map((p) => ({ n: p.n }));
    },
  });
  const q = otherQueue([batched]);
  await q.start();
  const orgs = Array.from({ length: 6 }, () => randomUUID());
  // Queued together and due together, so one fetch takes them all.
  const startAfter = new Date(Date.now() + 1_000);
  await q.boss().insert(
    batched.name,
    orgs.flatMap((organizationId) => [1, 2].map((n) => ({ data: { organizationId, n }, startAfter }))),
  );
  await vi.waitFor(() => expect(seen).toHaveLength(12), { timeout: 15_000, interval: 50 });
  expect(most).toBe(3);
  expect(seen.sort()).toEqual(orgs.flatMap((o) => [`${o}:1`, `${o}:2`]).sort());
});
