import { z } from 'zod';

/** A dependency's state in the operators' health panel: answering, not answering, or not in use. */
export const healthStateSchema = z.enum(['up', 'down', 'absent']);
export type HealthState = z.infer<typeof healthStateSchema>;

/** One job queue's counts (pg-boss's, as of its last count): waiting, of those deferred, running, failed and kept. */
export const jobQueueHealthSchema = z.object({
  name: z.string(),
  queued: z.number().int(),
  deferred: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});

/**
 * `GET /api/devops/health` (devops; docs/behaviour/operations.md): the installation's environment
 * (never a secret) and the health of what it depends on. `checkedAt` is when the server read it;
 * `latencyMs` how long the database took to answer `SELECT 1`.
 */
export const operationsHealthSchema = z.object({
  checkedAt: z.iso.datetime(),
  environment: z.object({
    version: z.string(),
    node: z.string(),
    mode: z.enum(['production', 'development', 'test']),
    uptimeSeconds: z.number().int(),
    database: z.enum(['pglite', 'postgres']),
    carriers: z.object({
      messaging: z.string(),
      voice: z.string(),
      email: z.string(),
      emailChannel: z.string(),
      storage: z.string(),
    }),
  }),
  database: z.object({ state: healthStateSchema, latencyMs: z.number().nullable() }),
  redis: z.object({ state: healthStateSchema }),
  jobs: z.object({ started: z.boolean(), queues: z.array(jobQueueHealthSchema) }),
  realtime: z.object({ here: z.number().int(), everywhere: z.number().int().nullable() }),
});
export type OperationsHealth = z.infer<typeof operationsHealthSchema>;
