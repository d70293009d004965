import { endpointPath, successSchema, type Endpoint, type EndpointResult } from '@accueil/domain';
import type { z } from 'zod';
import { expectAnswer } from './answer-check';
import { apiRequest, type ApiRequestOptions } from './api';

type Has<E, K extends string> = E extends { [P in K]: z.ZodType } ? true : false;
type Part<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/**
 * What a call of `E` takes: its path parameters and body when it has them (required), its
 * query (each parameter optional: the server applies defaults), extra headers, and the
 * call's abort signal and time limit.
 */
export type EndpointInput<E extends Endpoint> = (Has<E, 'params'> extends true
  ? { params: z.input<Part<E, 'params'>> }
  : { params?: never }) &
  (Has<E, 'query'> extends true
    ? { query?: { [K in keyof z.output<Part<E, 'query'>>]?: z.output<Part<E, 'query'>>[K] | undefined } }
    : { query?: never }) &
  (Has<E, 'body'> extends true ? { body: z.input<Part<E, 'body'>> } : { body?: never }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
    timeoutMs?: number;
  };

type InputArgs<E extends Endpoint> =
  Has<E, 'params'> extends true
    ? [EndpointInput<E>]
    : Has<E, 'body'> extends true
      ? [EndpointInput<E>]
      : [EndpointInput<E>?];

/**
 * Calls a shared endpoint (`endpoints.conversations.list`): builds its path from `params`,
 * sends `query`, `body` and `headers` through `apiRequest` (token refresh, time limit, errors
 * as `ApiError`), and resolves with its typed answer, checked against the endpoint's schema
 * in development and tests.
 */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...args: InputArgs<E>
): Promise<EndpointResult<E>> {
  const input = (args[0] ?? {}) as EndpointInput<Endpoint> & {
    params?: Record<string, string>;
    query?: ApiRequestOptions['query'];
    body?: unknown;
  };
  const path = endpointPath(endpoint, input.params).slice('/api/'.length);
  const options: ApiRequestOptions = {};
  if (input.query !== undefined) options.query = input.query;
  if (input.body !== undefined) options.body = input.body;
  if (input.headers !== undefined) options.headers = input.headers;
  if (input.signal !== undefined) options.signal = input.signal;
  if (input.timeoutMs !== undefined) options.timeoutMs = input.timeoutMs;
  return apiRequest<EndpointResult<E>>(endpoint.method, path, expectAnswer(options, successSchema(endpoint)));
}

/** The web app's API client: `api.call(endpoints.conversations.get, { params: { id } })`. */
export const api = { call: callEndpoint };
