import { MODULES } from '../app-registry';
import { deliverEventJob } from '../events/deliver-event.job';
import { purgeEventsJob } from '../events/purge-events.job';
import { sweepEventsJob } from '../events/sweep-events.job';
import type { JobDefinition } from './job-definition';

/**
 * Every job the server works and schedules: those the modules' descriptors declare (`MODULES`
 * in app-registry.ts), and the domain events' delivery, sweep and purge (events/). `buildApp`
 * registers them all on each process.
 */
export const JOB_LIST: readonly JobDefinition[] = [
  ...MODULES.flatMap((m) => m.jobs ?? []),
  deliverEventJob,
  sweepEventsJob,
  purgeEventsJob,
];
