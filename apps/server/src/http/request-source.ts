import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the audit log records it. */
export type RequestSource = { ip: string | null; userAgent: string | null };

const storage = new AsyncLocalStorage<RequestSource>();

/** The client address and user agent of `request` (the agent cut to 500 characters). */
export function requestSourceOf(request: FastifyRequest): RequestSource {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}

/** Runs `fn` (a route's handler) with `source` as where its actions come from. */
export function withRequestSource<T>(source: RequestSource, fn: () => T): T {
  return storage.run(source, fn);
}

/** Where the running request came from; both null outside a request (a job, a timer). */
export function currentRequestSource(): RequestSource {
  return storage.getStore() ?? { ip: null, userAgent: null };
}
