import { sql } from 'drizzle-orm';
import { asDatabaseOwner } from '../test/database-owner';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  deploymentEnv,
  startServerProcesses,
  stopServerProcesses,
  type ServerProcess,
} from '../test/server-processes';
import { createScratchDatabase } from '../test/scratch-database';
import { createTestApp } from '../test/test-app';
import { purgeIdempotencyKeysJob } from '../modules/messages/purge-idempotency-keys.job';

/**
 * Scale-out: three real server processes on one new PostgreSQL database and one Redis
 * run each job once, not once per process (pg-boss claims with `FOR UPDATE SKIP LOCKED`), and
 * keep one hourly schedule although each registers it. PostgreSQL pass only (`*.pg.test.ts`).
 */
const JOBS = 60;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let procs: ServerProcess[] = [];
let producer: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'accueil_jobs');
  // `job done` lines are info.
  procs = await startServerProcesses(3, deploymentEnv(scratch.url, { LOG_LEVEL: 'info' }));
  // Sends only (no workers): every job is worked by the three processes.
  producer = await createTestApp({ DATABASE_URL: scratch.url, REDIS_URL: undefined });
  await producer.jobs.start({ work: false });
}, 120_000);

afterAll(async () => {
  await stopServerProcesses(procs);
  await producer?.close();
  await scratch?.drop();
}, 60_000);

/** The ids of the `job done` lines of process `proc`'s output (pino JSON lines). */
function jobsDoneBy(proc: ServerProcess): string[] {
  return proc
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"job done"'))
    .map((line) => (JSON.parse(line) as { jobId: string }).jobId);
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('runs each of 60 jobs exactly once across three processes, and more than one process works', async () => {
  await waitFor(
    () => procs.every((p) => p.output().includes('"job queue started"')),
    20_000,
    'every job queue to start',
  );
  // Over 6 s (3 polling intervals), as work arrives in production: sent all at once, they
  // would wait for the next poll and whichever process polls first would take them all.
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    ids.push(await producer.jobs.send(purgeIdempotencyKeysJob, {}));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sent = new Set(ids);
  const doneOfSent = () => procs.flatMap(jobsDoneBy).filter((id) => sent.has(id));
  await waitFor(() => new Set(doneOfSent()).size === JOBS, 20_000, `${JOBS} jobs done`);
  // A second run of a job would come right after the first: give it time to show.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const runs = doneOfSent();
  expect(runs.length).toBe(JOBS);
  expect(new Set(runs).size).toBe(JOBS);
  const perProcess = procs.map((p) => jobsDoneBy(p).filter((id) => sent.has(id)).length);
  console.info(`jobs run once: ${JOBS} jobs, per process ${perProcess.join(' / ')}`);
  expect(perProcess.filter((n) => n > 0).length).toBeGreaterThan(1);
  // pg-boss's tables are the owner's: the app's role has no rights on them.
  const rows = await asDatabaseOwner<{ state: string; retryCount: number; n: number }>(
    producer.deps.db,
    sql`
    select state, retry_count as "retryCount", count(*)::int as n from pgboss.job
    where name = ${purgeIdempotencyKeysJob.name} and id::text = any(string_to_array(${ids.join(',')}, ','))
    group by 1, 2`,
  );
  expect(rows).toEqual([{ state: 'completed', retryCount: 0, n: JOBS }]);
});

it('keeps one hourly schedule although each process registers it', async () => {
  const rows = await asDatabaseOwner(producer.deps.db, sql`select name, cron, timezone from pgboss.schedule`);
  // Other modules schedule their own jobs too (purges, requeues): each is kept once, the hourly purge among them.
  expect(rows.filter((row) => row.name === purgeIdempotencyKeysJob.name)).toEqual([
    { name: purgeIdempotencyKeysJob.name, cron: '0 * * * *', timezone: 'UTC' },
  ]);
  expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
});
