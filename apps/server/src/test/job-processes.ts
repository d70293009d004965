import { afterAll, beforeAll } from 'vitest';
import {
  deploymentEnv,
  startServerProcesses,
  stopServerProcesses,
  type ServerProcess,
} from './server-processes';
import { createScratchDatabase } from './scratch-database';
import { createTestApp } from './test-app';

/**
 * `count` real server processes working the jobs of a new PostgreSQL database (named from
 * `prefix`; `job done` lines logged at info), and a `producer` app on it that only sends jobs.
 * Registers its own beforeAll/afterAll (the processes still alive are stopped, the database
 * dropped); read the handles inside tests. `*.pg.test.ts` only (DATABASE_URL).
 */
export function useJobProcesses(count: number, prefix: string) {
  const handles = { procs: [] as ServerProcess[] } as {
    scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    procs: ServerProcess[];
    producer: Awaited<ReturnType<typeof createTestApp>>;
  };
  beforeAll(async () => {
    handles.scratch = await createScratchDatabase(process.env.DATABASE_URL!, prefix);
    handles.procs = await startServerProcesses(
      count,
      deploymentEnv(handles.scratch.url, { LOG_LEVEL: 'info' }),
    );
    handles.producer = await createTestApp({ DATABASE_URL: handles.scratch.url, REDIS_URL: undefined });
    await handles.producer.jobs.start({ work: false });
  }, 120_000);
  afterAll(async () => {
    await stopServerProcesses(
      handles.procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null),
    );
    await handles.producer?.close();
    await handles.scratch?.drop();
  }, 60_000);
  return handles;
}
