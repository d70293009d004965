import { CarrierError } from './email-channel-carrier';

/**
 * A refusal of a mail provider's REST API (Gmail, Graph), in the closed set, with how long the
 * provider asked to wait (`Retry-After`, ms) when it throttled us.
 */
export class MailApiError extends CarrierError {
  constructor(
    kind: CarrierError['kind'],
    message: string,
    carrierCode?: string,
    readonly retryAfterMs?: number,
  ) {
    super(kind, message, carrierCode);
  }
}

/** `carrierCode` of a 401: the access token was refused; the module refreshes it before the next try. */
export const TOKEN_REFUSED = 'token-refused';

/** `Retry-After` in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** What a provider's error body says: Google's `error.errors[].reason` / `error.status`, Graph's `error.code`. */
export type ApiErrorBody = { status: number; reason: string; message: string; retryAfterMs?: number };

/**
 * Sends one request with the mailbox's bearer token and answers the response when it is 2xx.
 * @throws MailApiError built by `classify` from the error's status and body; `temporary` when
 *   the connection fails or times out (never `auth`: a network blip never disconnects a team).
 */
export async function mailApiRequest(
  url: string,
  init: RequestInit & { accessToken: string; timeoutMs?: number },
  classify: (error: ApiErrorBody) => MailApiError,
): Promise<Response> {
  const { accessToken, timeoutMs = 30_000, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      headers: { ...(rest.headers as Record<string, string>), authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new MailApiError('temporary', `request failed: ${(error as Error).message}`);
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  let body: {
    error?: { code?: string | number; status?: string; message?: string; errors?: { reason?: string }[] };
  } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status alone decides.
  }
  const reason =
    body.error?.errors?.[0]?.reason ??
    (typeof body.error?.code === 'string' ? body.error.code : undefined) ??
    body.error?.status ??
    String(response.status);
  throw classify({
    status: response.status,
    reason,
    message: (body.error?.message ?? text.slice(0, 200)) || `HTTP ${response.status}`,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
  });
}

/**
 * The part of the mapping both providers share: 401 → the token refused (`temporary`, the
 * module refreshes it; only a refused refresh disconnects); 429 and 503 → `rate-limited` with
 * Retry-After; other 5xx and 408 → `temporary`; what is left to the vendor's own reasons → null.
 */
export function commonApiError(error: ApiErrorBody): MailApiError | null {
  const text = `${error.reason}: ${error.message}`;
  if (error.status === 401) return new MailApiError('temporary', text, TOKEN_REFUSED);
  if (error.status === 429 || error.status === 503)
    return new MailApiError('rate-limited', text, error.reason, error.retryAfterMs);
  if (error.status >= 500 || error.status === 408) return new MailApiError('temporary', text, error.reason);
  return null;
}
