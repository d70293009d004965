import { PROBED_CAPABILITIES, type CarrierProbe, type ProbedCapability } from '@accueil/domain';
import { CarrierError } from '../../carriers/messaging/messaging-carrier';

/** Longest wait for one carrier's probe before it is reported down (`timeout`), ms. */
export const CARRIER_PROBE_TIMEOUT_MS = 5000;
/**
 * How long the carriers' answers are kept (ms): the panel reads the health every 15 s, and
 * several operators may have it open, but the vendors are asked at most once per 30 s per
 * process (their APIs are rate-limited and some bill the questions).
 */
export const CARRIER_PROBE_CACHE_MS = 30_000;

/** A carrier as the probe sees it: its name and, unless it lives in this process, its cheap question. */
export type ProbeableCarrier = { readonly name: string; probe?(): Promise<void> };

/** Thrown by {@link withinTime} when the work did not settle in time. */
export class ProbeTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'ProbeTimeoutError';
  }
}

/**
 * `work` raced against `ms` milliseconds: its result, or a {@link ProbeTimeoutError}. The work
 * itself is not cancelled (the vendors' clients have their own, longer, time limits); its late
 * result or error is dropped.
 */
export async function withinTime<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeoutError(ms)), ms);
  });
  const running = work();
  running.catch(() => undefined); // a rejection after the time limit is not unhandled
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
  }
}

const elapsedSince = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * Asks one carrier (its `probe`, bounded by `timeoutMs`): `up` with how long it took, or `down`
 * with why (`timeout`, or the carrier error's kind; an error of another sort is `temporary`).
 * A carrier without a probe (the sandbox's, inside this process) is `up` at once. Never throws.
 */
export async function probeCarrier(
  capability: ProbedCapability,
  carrier: ProbeableCarrier,
  timeoutMs = CARRIER_PROBE_TIMEOUT_MS,
): Promise<CarrierProbe> {
  const started = performance.now();
  const answer = (state: 'up' | 'down', failure: CarrierProbe['failure']): CarrierProbe => ({
    capability,
    carrier: carrier.name,
    state,
    latencyMs: failure === 'timeout' ? null : elapsedSince(started),
    failure,
    checkedAt: new Date().toISOString(),
  });
  if (!carrier.probe) return answer('up', null);
  try {
    await withinTime(() => carrier.probe!(), timeoutMs);
    return answer('up', null);
  } catch (error) {
    if (error instanceof ProbeTimeoutError) return answer('down', 'timeout');
    return answer('down', error instanceof CarrierError ? error.kind : 'temporary');
  }
}

/** Every probed capability's carrier asked at once, in the order of `PROBED_CAPABILITIES`. */
export function probeCarriers(
  carriers: Record<ProbedCapability, ProbeableCarrier>,
  timeoutMs = CARRIER_PROBE_TIMEOUT_MS,
): Promise<CarrierProbe[]> {
  return Promise.all(PROBED_CAPABILITIES.map((c) => probeCarrier(c, carriers[c], timeoutMs)));
}

type Cached = { startedAt: number; answers: Promise<CarrierProbe[]> };
const cache = new WeakMap<object, Cached>();

/**
 * The carriers' answers for the health panel, kept {@link CARRIER_PROBE_CACHE_MS} per app
 * (`owner`: its dependencies) from when they were asked: requests within that time, and
 * requests arriving while a probe runs, share one round of questions.
 */
export function cachedCarrierProbes(
  owner: object,
  carriers: Record<ProbedCapability, ProbeableCarrier>,
  options: { timeoutMs?: number; cacheMs?: number; now?: number } = {},
): Promise<CarrierProbe[]> {
  const now = options.now ?? Date.now();
  const kept = cache.get(owner);
  if (kept && now - kept.startedAt < (options.cacheMs ?? CARRIER_PROBE_CACHE_MS)) return kept.answers;
  const answers = probeCarriers(carriers, options.timeoutMs);
  cache.set(owner, { startedAt: now, answers });
  return answers;
}
