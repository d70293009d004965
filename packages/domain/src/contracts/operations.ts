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

/** The carriers the health panel asks whether they answer (the teams' mailboxes are asked by their own checks). */
export const PROBED_CAPABILITIES = ['messaging', 'voice', 'email', 'storage'] as const;
export type ProbedCapability = (typeof PROBED_CAPABILITIES)[number];

/**
 * Why a carrier's probe failed: it did not answer within the probe's time (`timeout`), or the
 * carrier error's kind (`auth`: refused our credentials; `temporary`, `permanent`, `rate-limited`).
 */
export const CARRIER_PROBE_FAILURES = ['timeout', 'auth', 'temporary', 'permanent', 'rate-limited'] as const;

/**
 * One carrier's answer to the health panel's cheap question (docs/behaviour/operations.md,
 * "Carriers"): `up` or `down`, how long it took (ms; null when it did not answer in time), why
 * it failed, and when it was asked (answers are kept about 30 s).
 */
export const carrierProbeSchema = z.object({
  capability: z.enum(PROBED_CAPABILITIES),
  carrier: z.string(),
  state: z.enum(['up', 'down']),
  latencyMs: z.number().nullable(),
  failure: z.enum(CARRIER_PROBE_FAILURES).nullable(),
  checkedAt: z.iso.datetime(),
});
export type CarrierProbe = z.infer<typeof carrierProbeSchema>;

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
  /** Each probed carrier's state, in the order of `PROBED_CAPABILITIES`. */
  carrierStatus: z.array(carrierProbeSchema),
});
export type OperationsHealth = z.infer<typeof operationsHealthSchema>;

/** What a synchronization reconciles: texts' statuses, flow locks, calls (docs/behaviour/operations.md). */
export const SYNCHRONIZATION_KINDS = ['conversations', 'flows', 'voice'] as const;
export const synchronizationKindSchema = z.enum(SYNCHRONIZATION_KINDS);
export type SynchronizationKind = z.infer<typeof synchronizationKindSchema>;

/** One row a synchronization corrected: its id, its organisation, its state before and after. */
export const synchronizationFixSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  before: z.string(),
  after: z.string(),
});

/**
 * The answer of the three synchronize calls: how many rows were looked at (`checked`), which were
 * corrected (`fixed`, at most the first 50 listed in `items`), and how many the carrier could not
 * tell (`unresolved`). Running it again at once fixes nothing more.
 */
export const synchronizationResultSchema = z.object({
  kind: synchronizationKindSchema,
  carrier: z.string().nullable(),
  checked: z.number().int(),
  fixed: z.number().int(),
  unresolved: z.number().int(),
  items: z.array(synchronizationFixSchema),
});
export type SynchronizationResult = z.infer<typeof synchronizationResultSchema>;
export type SynchronizationFix = z.infer<typeof synchronizationFixSchema>;
