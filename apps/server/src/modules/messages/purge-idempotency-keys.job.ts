import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { purgeExpiredIdempotencyKeys } from './purge-expired-idempotency-keys';

/**
 * Outbound exactly once (docs/behaviour/messages.md): every hour, deletes the `Idempotency-Key`s older than
 * `IDEMPOTENCY_KEY_TTL_MS` of every organisation, including the keys of users who never send
 * again (a send only forgets its own user's expired keys). Batched; see
 * `purgeExpiredIdempotencyKeys`. Output: `{ deleted }` (rows).
 */
export const purgeIdempotencyKeysJob = defineJob({
  name: 'purge-idempotency-keys',
  payload: z.object({}).strict(),
  schedule: '0 * * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: async (deps) => ({ deleted: await purgeExpiredIdempotencyKeys(deps) }),
});
