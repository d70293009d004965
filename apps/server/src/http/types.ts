import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RequestContext } from './request-context';
import type { RouteAccess } from './route-access';

/** The Fastify instance every route plugin receives: zod schemas type bodies, queries and answers. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (every route declares its access; docs/architecture.md). Required under /api. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /**
     * The signed-in context, set by the authentication hook for `session` and role routes.
     * Reading it on a `public` or `webhook` route throws (see `route-access.ts`).
     */
    ctx: RequestContext;
  }
}
