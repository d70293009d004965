import { apiErrorSchema, ERROR_HTTP_STATUS, type ErrorCode } from '@accueil/domain';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from './route-access';

/**
 * The error answers the API description adds to each route, from what the route is rather than
 * from a list kept by hand, so that a new route is described truthfully without more work:
 * - 400 when the route reads input (path, query, headers or body): bad input, bad URL encoding;
 * - 401 and 403 (and `security: bearer`) for signed-in routes (policies refuse with 403); 403
 *   for webhooks (forged signature);
 * - 404 for routes with a path parameter (unknown, or another organisation's);
 * - 413 and 415 for routes that read a body (every method but GET and HEAD);
 * - 429 for rate-limited routes (`rateLimit`, `sendRateLimit`);
 * - the codes a route declares in `config.errors` (409, 422, a public route's 401…).
 * Every one has the error shape `{ code, message, details? }`, its `code` one of the codes of
 * that status. A 204 is described without a body; a body that may be left out is not required.
 */
export type OpenApiRouteNotes = {
  /** Error codes the route answers beyond those its shape implies (e.g. `conversation-exists`). */
  errors?: readonly ErrorCode[];
  /** The media type of its success answer when not JSON (e.g. `text/csv`: a download), or the types it may be. */
  produces?: string | readonly string[];
  /** The media type of its body when not JSON (e.g. `multipart/form-data`: an upload). */
  consumes?: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error codes this route answers beyond the ones its access and shape imply (API description only). */
    errors?: readonly ErrorCode[];
    /** The media type of the success answer when not JSON, or the types it may be (API description only). */
    produces?: string | readonly string[];
    /** The media type of the body when not JSON (API description only). */
    consumes?: string;
  }
}

/** How each kind of webhook is called: its body's media type, its signature header, what it answers. */
const WEBHOOK_CALLS: Record<
  Extract<RouteAccess, { webhook: unknown }>['webhook'],
  { consumes: string; signatureHeader: string; signature: string }
> = {
  twilio: {
    consumes: 'application/x-www-form-urlencoded',
    signatureHeader: 'x-twilio-signature',
    signature:
      "Twilio's signature (HMAC-SHA1 of PUBLIC_URL + path + sorted form fields, with the account's auth token, base64)",
  },
};

/** Marker carried from `transform` to `transformObject` for an operation whose body may be left out. */
const OPTIONAL_BODY = 'x-accueil-optional-body';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input',
  401: 'Not signed in, or the session ended',
  403: 'Not allowed',
  404: 'Not found (or another organisation’s)',
  409: 'Conflict with what exists',
  413: 'Body too large',
  415: 'Unsupported content type',
  422: 'Cannot be done in this state',
  429: 'Too many requests (see Retry-After)',
};

/**
 * An error answer of `status` for @fastify/swagger: JSON whatever the route otherwise produces
 * (a webhook answers TwiML, its refusals JSON), the error shape with `code` limited to the codes
 * of that status.
 */
function errorAnswerSchema(status: number, codes: ErrorCode[]): Record<string, unknown> {
  const schema = apiErrorSchema.extend({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) });
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }) as Record<string, unknown>;
  delete json.$schema;
  return { description: STATUS_TEXT[status] ?? 'Error', content: { 'application/json': { schema: json } } };
}

function codesOfStatus(status: number): ErrorCode[] {
  return (Object.keys(ERROR_HTTP_STATUS) as ErrorCode[]).filter((code) => ERROR_HTTP_STATUS[code] === status);
}

/** The error statuses `route` can answer (see `OpenApiRouteNotes`), each with the codes it may carry. */
export function errorStatusesOf(
  route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>,
): Map<number, ErrorCode[]> {
  const config = (route.config ?? {}) as {
    access?: RouteAccess;
    rateLimit?: unknown;
    sendRateLimit?: boolean;
    errors?: readonly ErrorCode[];
  };
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  // Fastify reads a body sent with any method but GET and HEAD (so a DELETE may answer 413 or 415).
  const readsBody =
    !!schema.body || ([] as string[]).concat(route.method).some((m) => !['GET', 'HEAD'].includes(m));
  const hasPathParameter = route.url.includes(':');
  const access = config.access;
  const signedIn = access === 'session' || (typeof access === 'object' && 'roles' in access);
  const answers = new Map<number, Set<ErrorCode>>();
  const addStatus = (status: number) => answers.set(status, new Set(codesOfStatus(status)));
  if (readsBody || hasPathParameter || schema.querystring || schema.headers) addStatus(400);
  if (signedIn) addStatus(401);
  if (signedIn || typeof access === 'object') addStatus(403);
  if (hasPathParameter) addStatus(404);
  if (readsBody) [413, 415].forEach(addStatus);
  if (config.rateLimit || config.sendRateLimit) addStatus(429);
  for (const code of config.errors ?? []) {
    const status = ERROR_HTTP_STATUS[code];
    answers.set(status, (answers.get(status) ?? new Set()).add(code));
  }
  return new Map([...answers].sort(([a], [b]) => a - b).map(([status, codes]) => [status, [...codes]]));
}

/** True when the route's zod body schema accepts no body at all. */
function bodyMayBeLeftOut(body: unknown): boolean {
  return body instanceof z.ZodType && body.safeParse(undefined).success;
}

/**
 * `@fastify/swagger`'s `transform`: zod schemas to JSON schemas (fastify-type-provider-zod),
 * then what the route's schema does not say (see `OpenApiRouteNotes`): error answers, the bearer
 * security of signed-in routes, 204s and redirects without a body, webhooks' form bodies and signature header.
 */
export const describeRoute: SwaggerTransform = (input) => {
  const zodSchema = (input.schema ?? {}) as Record<string, unknown>;
  const { schema, url } = jsonSchemaTransform(input);
  const route = input.route;
  if (!url.startsWith('/api/') || (schema as { hide?: boolean }).hide) return { schema, url };
  const out = { ...(schema as Record<string, unknown>) };
  const response = { ...((out.response as Record<string, unknown> | undefined) ?? {}) };
  for (const status of Object.keys(response)) {
    if (status === '204') response[status] = { type: 'null', description: 'No content' };
    // A redirect's answer is its Location header (the e-mail providers' OAuth callback).
    if (/^30[1-8]$/.test(status)) response[status] = { type: 'null', description: 'Redirect (see Location)' };
  }
  for (const [status, codes] of errorStatusesOf({ ...route, url: route.url ?? url })) {
    if (!(String(status) in response)) response[String(status)] = errorAnswerSchema(status, codes);
  }
  out.response = response;
  const access = route.config?.access;
  if (access === 'session' || (typeof access === 'object' && 'roles' in access))
    out.security = [{ bearer: [] }];
  // A webhook signed in its query (its querystring schema says so) has no signature header.
  if (typeof access === 'object' && 'webhook' in access && access.signedIn !== 'query') {
    const call = WEBHOOK_CALLS[access.webhook];
    out.consumes = [call.consumes];
    out.headers = {
      type: 'object',
      properties: { [call.signatureHeader]: { type: 'string', description: call.signature } },
      required: [call.signatureHeader],
    };
  }
  if (zodSchema.body && bodyMayBeLeftOut(zodSchema.body)) out[OPTIONAL_BODY] = true;
  const notes = (route.config ?? {}) as OpenApiRouteNotes;
  if (notes.produces) out.produces = [notes.produces].flat();
  if (notes.consumes) out.consumes = [notes.consumes];
  return { schema: out, url };
};

type Operation = { requestBody?: { required?: boolean }; [OPTIONAL_BODY]?: boolean };

/**
 * `@fastify/swagger`'s `transformObject`: a body that may be left out is not `required`
 * (@fastify/swagger marks every declared body required).
 */
export const describeDocument: SwaggerTransformObject = (documentObject) => {
  const document = (
    'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject
  ) as {
    paths?: Record<string, Record<string, Operation>>;
  };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (!operation || typeof operation !== 'object' || !(OPTIONAL_BODY in operation)) continue;
      delete operation[OPTIONAL_BODY];
      if (operation.requestBody) operation.requestBody.required = false;
    }
  }
  return document;
};
