import { MODULES } from '../app-registry';
import type { JobDefinition } from './job-definition';

/**
 * Every job the server works and schedules: those the modules' descriptors declare (`MODULES`
 * in app-registry.ts). `buildApp` registers them all on each process.
 */
export const JOB_LIST: readonly JobDefinition[] = MODULES.flatMap((m) => m.jobs ?? []);
