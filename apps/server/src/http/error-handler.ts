import { AppError, type ApiErrorBody, type ErrorCode } from '@accueil/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppInstance } from './types';

/** One field problem of a 400 `validation-failed`: where (`body`, `querystring`, `params`), the dotted path, why. */
export type ValidationIssue = { location: string; path: string; message: string };

type Answer = { status: number; body: ApiErrorBody; retryAfterS?: number };

/** Fastify's own errors for bad input, mapped to our codes (bad input is never a 5xx). */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid-json', message: 'The body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid-json', message: 'The JSON body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload-too-large', message: 'The body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported-media-type',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'validation-failed',
    message: 'Invalid Content-Length',
  },
  // Router errors (see `frameworkErrorHandler`): bad percent-encoding, a path parameter over 100 characters.
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'validation-failed',
    message: 'The URL is not valid (bad percent-encoding)',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 400,
    code: 'validation-failed',
    message: 'A path parameter is too long',
  },
};

/** Status of a client error we have no specific mapping for → the closest code. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 413:
      return 'payload-too-large';
    case 415:
      return 'unsupported-media-type';
    case 429:
      return 'too-many-requests';
    default:
      return 'validation-failed';
  }
}

function validationAnswer(error: {
  validationContext?: string;
  validation: { instancePath: string; message?: string }[];
}): Answer {
  const location = error.validationContext ?? 'body';
  const details: ValidationIssue[] = error.validation.map((v) => ({
    location,
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: v.message ?? 'Invalid value',
  }));
  return { status: 400, body: { code: 'validation-failed', message: `Invalid ${location}`, details } };
}

/** Maps any thrown value to the answer `{ code, message, details? }` and its HTTP status. */
export function toErrorAnswer(error: unknown): Answer {
  if (error instanceof AppError) {
    const body: ApiErrorBody = { code: error.code, message: error.message };
    if (error.details !== undefined) body.details = error.details;
    return { status: error.status, body, retryAfterS: error.retryAfterS };
  }
  if (hasZodFastifySchemaValidationErrors(error)) return validationAnswer(error);
  const fe = error as Partial<FastifyError>;
  const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (known) return { status: known.status, body: { code: known.code, message: known.message } };
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, body: { code: codeForStatus(status), message: fe.message || 'Bad request' } };
  }
  return { status: 500, body: { code: 'internal', message: 'Internal error' } };
}

/**
 * Installs the error handler and the `/api` not-found answer. Every error answer matches
 * `apiErrorSchema`; a 5xx is logged with its stack, which never reaches the client.
 */
export function installErrorHandler(app: AppInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const answer = toErrorAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    if (answer.retryAfterS !== undefined)
      void reply.header('Retry-After', String(Math.max(1, Math.ceil(answer.retryAfterS))));
    return reply.status(answer.status).type('application/json').send(answer.body);
  });
}

/**
 * Fastify's `frameworkErrors` option: errors of the router, raised before any route or error
 * handler runs (bad percent-encoding in the path, a path parameter over `maxParamLength`),
 * answered in the same `{ code, message }` shape instead of Fastify's own.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const answer = toErrorAnswer(error);
  void reply.status(answer.status).type('application/json').send(answer.body);
}

/** The 404 answer of an unknown `/api` route. */
export function notFoundAnswer(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body: ApiErrorBody = {
    code: 'not-found',
    message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
  };
  return reply.status(404).type('application/json').send(body);
}
