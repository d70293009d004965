import { ERROR_CODES, REFRESH_TIMEOUT_MS, REQUEST_TIMEOUT_MS, type ErrorCode } from '@accueil/domain';
import { answerMismatch } from './answer-check';
import { expireSession, getAccessToken, setAccessToken } from './session-store';

/** Code of a failed call: the server's error code, or a transport failure. */
export type ApiErrorCode = ErrorCode | 'network' | 'timeout';

/**
 * A failed API call (docs/api.md, errors). `status` is the HTTP status (0 for network/timeout), `code`
 * the server's code (or one derived from the status when the body has none),
 * `serverMessage` the server's human message, `details` its details,
 * `retryAfterS` the `Retry-After` header in seconds (429).
 */
export class ApiError extends Error {
  status: number;
  code: ApiErrorCode;
  serverMessage?: string;
  details?: unknown;
  retryAfterS?: number;
  constructor(
    status: number,
    code: ApiErrorCode,
    serverMessage?: string,
    details?: unknown,
    retryAfterS?: number,
  ) {
    super(serverMessage ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.details = details;
    this.retryAfterS = retryAfterS;
  }
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface ApiRequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** `text`: resolve with the body as text (a CSV download) instead of parsed JSON; `blob`: as bytes (a recording's audio). */
  responseType?: 'json' | 'text' | 'blob';
}

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body as bytes, for a successful `blob` request only (`text` is then empty). */
  blob?: Blob;
}

/** Paths that never trigger the refresh-and-retry of a 401 (refresh, profile, sign-in and sign-out). */
const NO_REFRESH_PATHS = new Set(['auth/login', 'auth/refresh', 'auth/profile', 'auth/logout']);
const KNOWN_CODES = new Set<string>(ERROR_CODES);

function buildUrl(path: string, query?: ApiRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `/api/${path}${qs ? `?${qs}` : ''}`;
}

/** One HTTP exchange, body included, under a timeout. Transport failures become ApiError. */
async function send(
  method: ApiMethod,
  path: string,
  opts: ApiRequestOptions,
  token: string | null,
): Promise<RawResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) forwardAbort();
  opts.signal?.addEventListener('abort', forwardAbort);
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      credentials: 'include',
      body:
        opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: controller.signal,
    });
    if (opts.responseType === 'blob' && res.ok)
      return { status: res.status, headers: res.headers, text: '', blob: await res.blob() };
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'timeout');
    if (opts.signal?.aborted) throw error;
    throw new ApiError(0, 'network');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * Code used when an error body carries none we know. 408 is Node's bare answer to a request whose
 * body did not arrive within the server's time limit (an upload that waited its turn, a slow
 * link): the same "the server takes too long" as a request this app gave up on.
 */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 400) return 'validation-failed';
  if (status === 408) return 'timeout';
  if (status === 401 || status === 440) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 413) return 'payload-too-large';
  if (status === 415) return 'unsupported-media-type';
  if (status === 429) return 'too-many-requests';
  if (status === 502) return 'carrier-unavailable';
  if (status === 503) return 'service-unavailable';
  return 'internal';
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Turns a non-2xx answer `{ code, message, details? }` into an ApiError. */
export function toApiError(res: RawResponse): ApiError {
  let body: unknown;
  try {
    body = res.text ? JSON.parse(res.text) : undefined;
  } catch {
    body = undefined;
  }
  const b = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    message?: unknown;
    details?: unknown;
  };
  const code =
    typeof b.code === 'string' && KNOWN_CODES.has(b.code)
      ? (b.code as ApiErrorCode)
      : codeForStatus(res.status);
  const message = typeof b.message === 'string' && b.message ? b.message : undefined;
  return new ApiError(res.status, code, message, b.details, parseRetryAfter(res.headers.get('Retry-After')));
}

let refreshing: Promise<string> | null = null;

/**
 * POST auth/refresh (30 s timeout) through the refresh cookie. Concurrent callers share
 * one request. Resolves with the new access token (also stored); rejects with ApiError.
 */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    try {
      const res = await send('POST', 'auth/refresh', { timeoutMs: REFRESH_TIMEOUT_MS }, null);
      if (res.status < 200 || res.status >= 300) throw toApiError(res);
      const { jwt } = JSON.parse(res.text) as { jwt: string };
      setAccessToken(jwt);
      return jwt;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function sessionExpiredError(): ApiError {
  expireSession();
  return new ApiError(401, 'session-expired');
}

/**
 * Calls the API (docs/api.md). `path` is relative to `/api/` (`'conversations'`).
 * Bearer token and cookies are sent; 90 s timeout by default. A 401 triggers one shared
 * token refresh and a retry (except on the auth paths); when that fails, or on a 401
 * without a session, the session expires (login with `?expired=`). A 440 is retried once,
 * then the session expires. Resolves with the parsed JSON (undefined for 204 or an empty
 * body); rejects with ApiError (`internal` when, in development or tests, the answer does not
 * match the schema its endpoint declares: see `answer-check.ts`).
 */
export async function apiRequest<T>(
  method: ApiMethod,
  path: string,
  opts: ApiRequestOptions = {},
): Promise<T> {
  const p = path.replace(/^\/+/, '');
  const usedToken = getAccessToken();
  let res = await send(method, p, opts, usedToken);
  if (res.status === 401 && !NO_REFRESH_PATHS.has(p)) {
    if (usedToken === null) throw sessionExpiredError();
    const current = getAccessToken();
    const token =
      current !== null && current !== usedToken ? current : await refreshAccessToken().catch(() => null);
    if (token === null) throw sessionExpiredError();
    res = await send(method, p, opts, token);
    if (res.status === 401) throw sessionExpiredError();
  } else if (res.status === 440) {
    res = await send(method, p, opts, getAccessToken());
    if (res.status === 440) throw sessionExpiredError();
  }
  if (res.status < 200 || res.status >= 300) throw toApiError(res);
  if (opts.responseType === 'text') return res.text as T;
  if (opts.responseType === 'blob') return res.blob as T;
  if (res.status === 204 || res.text === '') return undefined as T;
  const answer: unknown = JSON.parse(res.text);
  const mismatch = answerMismatch(opts, answer);
  if (mismatch !== null)
    throw new ApiError(
      res.status,
      'internal',
      `${method} /api/${p}: the answer does not match its endpoint (${mismatch})`,
    );
  return answer as T;
}
