import { AppError, type Role } from '@accueil/domain';
import type { FastifyRequest } from 'fastify';
import { withOrganization, withoutTenant } from '../db/tenant-scope';
import type { RequestContext } from './request-context';
import { requestSourceOf, withRequestSource } from './request-source';
import type { AppInstance } from './types';

/**
 * Who may call a route, declared on every route under `/api` as `config: { access }`:
 * - `'public'`: anyone (sign-in, public configuration, the sandbox's simulated phones);
 * - `'session'`: a signed-in user (bearer access token of a live session);
 * - `{ roles }`: a signed-in user whose role is one of `roles` (else 403 `forbidden`);
 * - `{ webhook, verify }`: a carrier's callback, unsigned-in; `verify` checks the carrier's
 *   signature of the request (throwing `AppError('signature-invalid')`) after the body is read
 *   and before it is validated or anything runs. A webhook route without `verify` is refused at
 *   start (`UnverifiedWebhookError`), so no callback can be declared that skips the check.
 */
export type RouteAccess = 'public' | 'session' | { roles: readonly Role[] } | WebhookAccess;

/** A carrier's callback route: its carrier and the check of its signature. */
export type WebhookAccess = {
  webhook: 'twilio';
  verify: (request: FastifyRequest) => void | Promise<void>;
  /** Where the proof is: the carrier's signature header (the default), or the app's own signature in the query (an address the app handed the carrier, which it fetches unsigned). */
  signedIn?: 'header' | 'query';
};

/** Whether `access` is a carrier's callback (no sign-in; the signature is the proof). */
export function isWebhookAccess(access: RouteAccess | undefined): access is WebhookAccess {
  return typeof access === 'object' && 'webhook' in access;
}

/** Verifies an access token and returns the context of its live session (401 `AppError` otherwise). */
export type AuthenticateToken = (token: string) => Promise<RequestContext>;

/** Routes that belong to libraries (OpenAPI description and its UI) and are public by nature. */
const LIBRARY_PUBLIC_PREFIXES = ['/api/docs'];

/** Thrown at start-up when a route under `/api` does not declare its access. */
export class UndeclaredRouteAccessError extends Error {
  constructor(method: string | string[], url: string) {
    super(
      `Route ${String(method)} ${url} has no config.access: every /api route must declare who may call it`,
    );
    this.name = 'UndeclaredRouteAccessError';
  }
}

/** Thrown at start-up when a webhook route does not register the check of its signature. */
export class UnverifiedWebhookError extends Error {
  constructor(method: string | string[], url: string) {
    super(
      `Webhook route ${String(method)} ${url} has no access.verify: every webhook must check its carrier's signature`,
    );
    this.name = 'UnverifiedWebhookError';
  }
}

/**
 * Makes the app refuse to start (the registering plugin fails, so `ready()` rejects) when a
 * route under `/api` has no `config.access`, or is a webhook without a signature check; runs
 * each webhook's check before its body is validated. Register before any route.
 */
export function enforceDeclaredAccess(app: AppInstance): void {
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (isWebhookAccess(access)) await access.verify(request);
  });
  app.addHook('onRoute', (route) => {
    // Stryker disable next-line LogicalOperator: Fastify gives onRoute both, equal (path is url's alias).
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/') && url !== '/api') return;
    const config = (route.config ?? {}) as { access?: RouteAccess };
    if (isWebhookAccess(config.access) && typeof config.access.verify !== 'function')
      throw new UnverifiedWebhookError(route.method, url);
    if (config.access) return;
    // Stryker disable next-line MethodExpression: one prefix today, where some and every agree.
    if (LIBRARY_PUBLIC_PREFIXES.some((p) => url.startsWith(p))) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    throw new UndeclaredRouteAccessError(route.method, url);
  });
}

/** The bearer token of the `Authorization` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  // Stryker disable next-line ConditionalExpression: the pattern refuses an absent header too; this only skips it.
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates `session` and role routes before their body is read: sets `request.ctx`, or
 * answers 401 (`unauthorized` without a valid token, `session-expired` for a revoked or idle
 * session) or 403 `forbidden` (role not allowed). Then runs every route's handler in its tenant
 * scope (db/tenant-scope.ts): a signed-in request's statements see only its organisation's rows
 * (row-level security), any other request's see none until its code names its scope. Set just
 * before the handler: reading the body runs in the socket's async context, not the hook's.
 * Where the request came from (address, user agent) is kept the same way, for the audit log.
 */
export function authenticateRequests(app: AppInstance, authenticate: AuthenticateToken): void {
  // Stryker disable next-line StringLiteral,CallExpression: the property's shape declared up front (V8's hidden class); a handler sees the same ctx without it.
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public' || isWebhookAccess(access)) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Sign-in required');
    const ctx = await authenticate(token);
    if (typeof access === 'object' && 'roles' in access && !access.roles.includes(ctx.role)) {
      throw new AppError('forbidden', 'Your role does not allow this');
    }
    request.ctx = ctx;
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const ctx = request.ctx as RequestContext | null;
    withRequestSource(requestSourceOf(request), () => {
      if (ctx) withOrganization(ctx.organizationId, done);
      else withoutTenant(done);
    });
  });
}
