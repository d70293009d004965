import { REQUEST_TIMEOUT_MS } from '@accueil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, refreshAccessToken } from './api';
import { getAccessToken, getSessionState, setNavigator, updateSession } from './session-store';

interface Call {
  url: string;
  init: RequestInit;
}
type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang' | Error;

/** A fetch double answering from `route(call)`; 'hang' waits until aborted. */
function installFetch(route: (call: Call) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const reply = await route(call);
    if (reply instanceof Error) throw reply;
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        if (init.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const text =
      reply.body === undefined
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : text, { status: reply.status, headers: reply.headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const authOf = (c: Call) => (c.init.headers as Record<string, string>).Authorization;
const navigations: string[] = [];

beforeEach(() => {
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
  updateSession({ status: 'signed-in', token: 'old', context: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setNavigator(null);
});

describe('apiRequest', () => {
  it('calls /api/<path> with query, bearer token, cookies and a JSON body', async () => {
    const calls = installFetch(() => ({ status: 200, body: { ok: true } }));
    const result = await apiRequest<{ ok: boolean }>('POST', 'conversations', {
      query: { status: 'active', cursor: undefined, limit: 15 },
      body: { to: '+15145551234' },
    });
    expect(result).toEqual({ ok: true });
    expect(calls[0]!.url).toBe('/api/conversations?status=active&limit=15');
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"to":"+15145551234"}',
    });
    expect(authOf(calls[0]!)).toBe('Bearer old');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('answers undefined for 204', async () => {
    installFetch(() => ({ status: 204 }));
    await expect(apiRequest('DELETE', 'conversations/1')).resolves.toBeUndefined();
  });

  it('parses the error body { code, message, details } and Retry-After', async () => {
    installFetch(() => ({
      status: 409,
      body: { code: 'conversation-exists', message: 'Exists', details: { conversationId: 'c1' } },
    }));
    const error = await apiRequest('POST', 'conversations').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conversation-exists',
      serverMessage: 'Exists',
      details: { conversationId: 'c1' },
    });

    installFetch(() => ({
      status: 429,
      body: { code: 'too-many-attempts', message: 'Too many attempts.' },
      headers: { 'Retry-After': '120' },
    }));
    await expect(apiRequest('POST', 'auth/login')).rejects.toMatchObject({
      code: 'too-many-attempts',
      retryAfterS: 120,
    });
  });

  it('derives the code from the status when the body has none we know', async () => {
    installFetch(() => ({ status: 503, body: '<html>busy</html>' }));
    await expect(apiRequest('GET', 'x')).rejects.toMatchObject({
      status: 503,
      code: 'service-unavailable',
      serverMessage: undefined,
    });
    installFetch(() => ({ status: 404, body: { code: 'something-new', message: 'gone' } }));
    await expect(apiRequest('GET', 'x')).rejects.toMatchObject({ code: 'not-found', serverMessage: 'gone' });
    // Node's own answer when a request's body did not arrive within the request time limit (an
    // upload that waited its turn, or a slow link): no body, shown as "the server takes too long".
    installFetch(() => ({ status: 408, body: '' }));
    await expect(apiRequest('GET', 'x')).rejects.toMatchObject({ status: 408, code: 'timeout' });
  });

  it('turns a failed fetch into a network error', async () => {
    installFetch(() => new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', 'x')).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('times out after 90 s', async () => {
    vi.useFakeTimers();
    installFetch(() => 'hang');
    let settled: unknown = 'pending';
    const p = apiRequest('GET', 'slow').then(
      () => (settled = 'resolved'),
      (e: unknown) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(settled).toMatchObject({ code: 'timeout', status: 0 });
  });

  it("passes on the caller's abort as an abort, not as an ApiError", async () => {
    installFetch(() => 'hang');
    const controller = new AbortController();
    const p = apiRequest('GET', 'x', { signal: controller.signal });
    controller.abort();
    const error = await p.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('apiRequest on 401 and 440', () => {
  it('runs one shared refresh for concurrent 401s, then retries each with the new token', async () => {
    let refreshes = 0;
    let release: () => void = () => undefined;
    const refreshGate = new Promise<void>((r) => (release = r));
    const calls = installFetch(async ({ url, init }) => {
      if (url === '/api/auth/refresh') {
        refreshes++;
        await refreshGate;
        return { status: 200, body: { jwt: 'new' } };
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? { status: 200, body: { url } }
        : { status: 401, body: { code: 'unauthorized', message: 'expired' } };
    });
    const a = apiRequest<{ url: string }>('GET', 'a');
    const b = apiRequest<{ url: string }>('GET', 'b');
    await vi.waitFor(() => expect(refreshes).toBe(1));
    release();
    await expect(Promise.all([a, b])).resolves.toEqual([{ url: '/api/a' }, { url: '/api/b' }]);
    expect(refreshes).toBe(1);
    expect(getAccessToken()).toBe('new');
    expect(calls.filter((c) => c.url !== '/api/auth/refresh').map(authOf)).toEqual([
      'Bearer old',
      'Bearer old',
      'Bearer new',
      'Bearer new',
    ]);
    expect(navigations).toEqual([]);
  });

  it('marks the session expired and shows the login when the refresh fails', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    installFetch(({ url }) =>
      url === '/api/auth/refresh'
        ? { status: 401, body: { code: 'session-expired', message: 'x' } }
        : { status: 401, body: {} },
    );
    await expect(apiRequest('GET', 'conversations')).rejects.toMatchObject({ code: 'session-expired' });
    expect(getSessionState()).toMatchObject({ status: 'signed-out', token: null, context: null });
    expect(navigations).toEqual(['/login?expired=1700000000000']);
    vi.restoreAllMocks();
  });

  it('does not refresh for the auth paths (invalid credentials stay an error)', async () => {
    const calls = installFetch(() => ({
      status: 401,
      body: { code: 'invalid-credentials', message: 'Invalid' },
    }));
    await expect(apiRequest('POST', 'auth/login', { body: {} })).rejects.toMatchObject({
      code: 'invalid-credentials',
    });
    await expect(apiRequest('GET', 'auth/profile')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/login', '/api/auth/profile']);
    expect(navigations).toEqual([]);
  });

  it('expires without refreshing when there is no session', async () => {
    updateSession({ token: null });
    const calls = installFetch(() => ({ status: 401 }));
    await expect(apiRequest('GET', 'conversations')).rejects.toMatchObject({ code: 'session-expired' });
    expect(calls).toHaveLength(1);
    expect(navigations[0]).toMatch(/^\/login\?expired=\d+$/);
  });

  it('retries a 440 once with the stored token', async () => {
    let n = 0;
    const calls = installFetch(() => (++n === 1 ? { status: 440 } : { status: 200, body: { ok: 1 } }));
    await expect(apiRequest('GET', 'x')).resolves.toEqual({ ok: 1 });
    expect(calls.map(authOf)).toEqual(['Bearer old', 'Bearer old']);
  });

  it('expires the session on a second 440', async () => {
    const calls = installFetch(() => ({ status: 440 }));
    await expect(apiRequest('GET', 'x')).rejects.toMatchObject({ code: 'session-expired' });
    expect(calls).toHaveLength(2);
    expect(navigations[0]).toMatch(/^\/login\?expired=/);
  });

  it('refreshAccessToken shares one request and stores the token', async () => {
    const calls = installFetch(() => ({ status: 200, body: { jwt: 'fresh' } }));
    const [a, b] = await Promise.all([refreshAccessToken(), refreshAccessToken()]);
    expect([a, b]).toEqual(['fresh', 'fresh']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(getAccessToken()).toBe('fresh');
  });
});

describe('apiRequest refreshes at most once per 401', () => {
  const urls = (calls: Call[]) => calls.map((c) => `${c.url} ${authOf(c) ?? '-'}`);

  it('one 401: one refresh, one retry with the new token', async () => {
    const calls = installFetch(({ url, init }) => {
      if (url === '/api/auth/refresh') return { status: 200, body: { jwt: 'new' } };
      return (init.headers as Record<string, string>).Authorization === 'Bearer new'
        ? { status: 200, body: { ok: 1 } }
        : { status: 401 };
    });
    await expect(apiRequest('GET', 'x')).resolves.toEqual({ ok: 1 });
    expect(urls(calls)).toEqual(['/api/x Bearer old', '/api/auth/refresh -', '/api/x Bearer new']);
  });

  it('a 401 for a token another request already replaced retries with the current token, without refreshing', async () => {
    let answerOld: () => void = () => undefined;
    const oldAnswered = new Promise<void>((r) => (answerOld = r));
    const calls = installFetch(async ({ url, init }) => {
      if (url === '/api/auth/refresh') return { status: 200, body: { jwt: 'new' } };
      const auth = (init.headers as Record<string, string>).Authorization;
      if (url === '/api/slow' && auth === 'Bearer old') {
        await oldAnswered;
        return { status: 401 };
      }
      return auth === 'Bearer new' ? { status: 200, body: { url } } : { status: 401 };
    });
    const slow = apiRequest<{ url: string }>('GET', 'slow');
    await expect(apiRequest('GET', 'fast')).resolves.toEqual({ url: '/api/fast' });
    answerOld();
    await expect(slow).resolves.toEqual({ url: '/api/slow' });
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
    expect(urls(calls).filter((u) => u.startsWith('/api/slow'))).toEqual([
      '/api/slow Bearer old',
      '/api/slow Bearer new',
    ]);
  });

  it('a retry refused again expires the session without a second refresh', async () => {
    const calls = installFetch(({ url }) =>
      url === '/api/auth/refresh' ? { status: 200, body: { jwt: 'new' } } : { status: 401 },
    );
    await expect(apiRequest('GET', 'x')).rejects.toMatchObject({ code: 'session-expired' });
    expect(urls(calls)).toEqual(['/api/x Bearer old', '/api/auth/refresh -', '/api/x Bearer new']);
    expect(navigations[0]).toMatch(/^\/login\?expired=\d+$/);
  });
});
