import { apiErrorSchema } from '@accueil/domain';
import type { HostileRequest } from './hostile-requests';

/** What `app.inject` answered (the fields the checks read). */
export type InjectAnswer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** A broken promise of the API: the request, what came back, and which rule it broke. */
export type HostileFailure = { rule: string; route: string; status: number; request: string; answer: string };

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** The request in a line a person can replay (payload clipped). */
export function describeRequest(r: HostileRequest): string {
  const payload =
    r.payload === undefined
      ? ''
      : ` ${clip(Buffer.isBuffer(r.payload) ? `<${r.payload.length} bytes>` : JSON.stringify(r.payload), 200)}`;
  return `${r.method} ${clip(r.url, 200)} ${JSON.stringify({ ...r.headers, authorization: r.headers.authorization ? '…' : undefined })}${payload}`;
}

/**
 * The API's promises to any input: never a 5xx; a redirect (the browser routes', e.g. the OAuth
 * callback ending on its verification page) goes to a path of this site only, never another
 * origin whatever the input; every other answer that is not a success is JSON matching
 * `apiErrorSchema` (HEAD answers carry no body).
 * @returns the broken rule, or null.
 */
export function brokenRule(request: HostileRequest, res: InjectAnswer): string | null {
  if (res.statusCode >= 500) return '5xx';
  if (res.statusCode < 300 || request.method === 'HEAD') return null;
  if (res.statusCode < 400) {
    const location = res.headers.location;
    return typeof location === 'string' && /^\/(?![/\\])/.test(location) ? null : 'redirect off this site';
  }
  const type = res.headers['content-type'];
  if (typeof type !== 'string' || !type.startsWith('application/json')) return 'error answer is not JSON';
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    return 'error answer is not JSON';
  }
  return apiErrorSchema.safeParse(json).success ? null : 'error answer does not match apiErrorSchema';
}

/**
 * Collects broken rules over a run, keeping a few examples of each (route, rule, status), so a
 * run reports every kind of defect at once rather than only the first.
 */
export class FailureLog {
  readonly failures: HostileFailure[] = [];
  private readonly seen = new Map<string, number>();
  /** Requests checked so far, per route. */
  readonly counts = new Map<string, number>();

  /** Answers per route and status (`GET /api/x 400` → n), to see how deep the inputs got. */
  readonly statuses = new Map<string, number>();

  check(route: string, request: HostileRequest, res: InjectAnswer): void {
    this.counts.set(route, (this.counts.get(route) ?? 0) + 1);
    const byStatus = `${route} ${res.statusCode}`;
    this.statuses.set(byStatus, (this.statuses.get(byStatus) ?? 0) + 1);
    if (process.env.HOSTILE_TRACE && route.includes(process.env.HOSTILE_TRACE))
      console.info(res.statusCode, describeRequest(request), '→', clip(res.body, 200));
    const rule = brokenRule(request, res);
    if (!rule) return;
    const key = `${route} ${rule} ${res.statusCode}`;
    const n = this.seen.get(key) ?? 0;
    this.seen.set(key, n + 1);
    if (n < 3)
      this.failures.push({
        rule,
        route,
        status: res.statusCode,
        request: describeRequest(request),
        answer: clip(res.body),
      });
  }

  /** Total requests checked. */
  get total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }
}

/** A request that has not answered after this long counts as a hung server. */
export const HUNG_REQUEST_MS = 10_000;

/**
 * Awaits an answer, failing with the request's description when none comes within
 * `HUNG_REQUEST_MS` (a hook that never calls `done`, a transaction left open…): a hung
 * server is a defect to report, not a test timeout to puzzle over.
 */
export async function answerOrHang<T>(pending: Promise<T>, request: HostileRequest): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${HUNG_REQUEST_MS} ms: ${describeRequest(request)}`)),
      HUNG_REQUEST_MS,
    );
  });
  try {
    return await Promise.race([pending, hung]);
  } finally {
    clearTimeout(timer);
  }
}
