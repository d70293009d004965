import type { Endpoint } from '@accueil/domain';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAccess } from './route-access';
import type { AppInstance } from './types';

type Part<E, K extends string> = E extends { [P in K]: infer S } ? S : undefined;

/** The Fastify schema of an endpoint: what types the handler's request and reply. */
export type EndpointSchema<E extends Endpoint> = {
  tags: string[];
  summary: string;
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  headers: Part<E, 'headers'>;
  body: Part<E, 'body'>;
  response: E['responses'];
};

type Server = RawServerDefault;
type RouteOptions<E extends Endpoint> = RouteShorthandOptionsWithHandler<
  Server,
  RawRequestDefaultExpression<Server>,
  RawReplyDefaultExpression<Server>,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider
>;

/** How a module serves an endpoint: who may call it, its handler (typed by the endpoint), and any route hooks or config. */
export type EndpointRoute<E extends Endpoint> = Omit<RouteOptions<E>, 'schema' | 'config'> & {
  access: RouteAccess;
  config?: Omit<FastifyContextConfig, 'access'>;
};

/**
 * Registers the route of a shared endpoint (`packages/domain/src/endpoints`): its method, path
 * and schemas validate the request, serialise the answer and describe it in OpenAPI, and type
 * the handler's `request` and return value. The web app's client calls the same endpoint.
 */
export function route<E extends Endpoint>(app: AppInstance, endpoint: E, options: EndpointRoute<E>): void {
  const { access, config, handler, ...hooks } = options;
  const parts = {
    params: endpoint.params,
    querystring: endpoint.query,
    headers: endpoint.headers,
    body: endpoint.body,
  };
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined)),
    response: endpoint.responses,
  };
  app.route({
    ...(hooks as object),
    method: endpoint.method,
    url: endpoint.path,
    config: { ...config, access },
    schema,
    handler: handler as never,
  });
}
