import type { z } from 'zod';

/** The HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One operation of the API, shared by the server (which registers its route from it, so
 * validation and the OpenAPI description come from these schemas) and the web app (whose client
 * builds the call and types the answer from it). `path` is Fastify's (`/api/conversations/:id`);
 * `params`, `query`, `headers` and `body` validate the request; `responses` are the success
 * answers by status (errors are the common `{ code, message, details? }` shape).
 */
export type Endpoint = {
  method: HttpMethod;
  path: `/api/${string}`;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  responses: { [status: number]: z.ZodType };
};

/** Declares an endpoint, keeping its literal types (method, path, schemas) for both sides. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type SuccessStatus = 200 | 201 | 202 | 204;
/** The success status codes an endpoint declares. */
export type EndpointSuccessStatus<E extends Endpoint> = Extract<keyof E['responses'], SuccessStatus>;
/** What a successful call answers: the success schema's output (nothing for a 204). */
export type EndpointResult<E extends Endpoint> =
  EndpointSuccessStatus<E> extends 204
    ? void
    : E['responses'][Exclude<EndpointSuccessStatus<E>, 204>] extends infer S extends z.ZodType
      ? z.output<S>
      : never;

/**
 * The `/api/…` path of a call, with each `:name` replaced by its parameter (URI-encoded).
 * @throws Error when a parameter of the path is missing.
 */
export function endpointPath(
  e: Pick<Endpoint, 'path'>,
  params: Record<string, string | number> = {},
): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The success schema of `status` (the first success one when omitted), or undefined for a 204. */
export function successSchema(e: Pick<Endpoint, 'responses'>, status?: number): z.ZodType | undefined {
  const code =
    status ??
    Object.keys(e.responses)
      .map(Number)
      .find((s) => s >= 200 && s < 300);
  return code === undefined || code === 204 ? undefined : e.responses[code];
}
