import { ResponseBodyError } from 'openid-client';
import { describe, expect, it } from 'vitest';
import { oauthErrorToCarrierError } from './oauth-client';

/** A token endpoint's OAuth error answer as openid-client reports it. */
function refusal(status: number, error: string) {
  const response = new Response(JSON.stringify({ error }), { status });
  return new ResponseBodyError('server responded with an error in the response body', {
    cause: { error, error_description: `${error} text` },
    response,
  });
}

describe('the token endpoint’s failures in the closed set', () => {
  it('only a refused grant is auth (it disconnects the team)', () => {
    expect(oauthErrorToCarrierError(refusal(400, 'invalid_grant')).kind).toBe('auth');
    expect(oauthErrorToCarrierError(refusal(400, 'invalid_client')).kind).toBe('permanent');
    expect(oauthErrorToCarrierError(refusal(429, 'slow_down')).kind).toBe('rate-limited');
    expect(oauthErrorToCarrierError(refusal(503, 'temporarily_unavailable')).kind).toBe('rate-limited');
    expect(oauthErrorToCarrierError(refusal(500, 'server_error')).kind).toBe('temporary');
  });

  it('a lost connection or a time-out is temporary, never auth', () => {
    expect(oauthErrorToCarrierError(new TypeError('fetch failed')).kind).toBe('temporary');
    expect(oauthErrorToCarrierError(new DOMException('timed out', 'TimeoutError')).kind).toBe('temporary');
  });
});
