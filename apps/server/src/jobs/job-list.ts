import type { JobDefinition } from './job-definition';
import { purgeIdempotencyKeysJob } from './purge-idempotency-keys.job';

/** Every job the server works and schedules (`buildApp` registers them all on each process). */
export const JOB_LIST: readonly JobDefinition[] = [purgeIdempotencyKeysJob];
