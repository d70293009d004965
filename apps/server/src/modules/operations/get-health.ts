import { APP_VERSION, type HealthState, type OperationsHealth } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { authorizeOperations } from './operations.policy';
import { cachedCarrierProbes, withinTime } from './probe-carriers';

/** Longest wait for the database's `SELECT 1` before it is reported down (ms). */
const DATABASE_CHECK_MS = 3000;

/** Runs `check` within `ms`: its duration in ms, or null when it failed or took longer. */
async function timed(check: () => Promise<unknown>, ms: number): Promise<number | null> {
  const started = performance.now();
  try {
    await withinTime(check, ms);
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return null;
  }
}

/**
 * GET /api/devops/health (docs/behaviour/operations.md): what this installation runs (version,
 * Node, database kind, each capability's carrier — names only, never a secret or a URL) and
 * whether what it depends on answers: the database (`SELECT 1`), Redis, the job queues (pg-boss's
 * counts per queue), the realtime connections (here and on every process), and each carrier
 * (messaging, voice, e-mail, storage: a cheap question, at most 5 s, its answer kept 30 s —
 * `cachedCarrierProbes`). A dependency that does not answer is reported `down`, never an error:
 * the panel is for when things go wrong.
 * @throws AppError 'forbidden' unless devops.
 */
export async function getHealth(deps: AppDeps, ctx: RequestContext): Promise<OperationsHealth> {
  authorizeOperations(ctx);
  const [latencyMs, realtime, queues, carrierStatus] = await Promise.all([
    timed(() => deps.db.execute(sql`SELECT 1`), DATABASE_CHECK_MS),
    deps.realtime.health(),
    deps.jobs.stats().catch((err: unknown) => {
      deps.log.warn({ err }, 'health: the job queues could not be read');
      return null;
    }),
    cachedCarrierProbes(deps, {
      messaging: deps.messaging,
      voice: deps.voice,
      email: deps.email,
      storage: deps.storage,
    }),
  ]);
  const database: HealthState = latencyMs === null ? 'down' : 'up';
  return {
    checkedAt: new Date().toISOString(),
    environment: {
      version: APP_VERSION,
      node: process.version,
      mode: deps.config.NODE_ENV,
      uptimeSeconds: Math.floor(process.uptime()),
      database: deps.config.DATABASE_URL ? 'postgres' : 'pglite',
      carriers: {
        messaging: deps.messaging.name,
        voice: deps.voice.name,
        email: deps.email.name,
        emailChannel: deps.emailChannel.name,
        storage: deps.storage.name,
      },
    },
    database: { state: database, latencyMs },
    redis: { state: realtime.redis },
    jobs: { started: queues !== null, queues: queues ?? [] },
    realtime: { here: realtime.here, everywhere: realtime.everywhere },
    carrierStatus,
  };
}
