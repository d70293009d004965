import { SESSION_IDLE_TIMEOUT_MS, type SessionContext } from '@accueil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPushOnSignOut } from './forget-push';
import { getSessionId, recordActivity, signIn, signOut, switchTeam } from './session';
import { restoreSession } from './session-restore';
import {
  getAccessToken,
  getSessionState,
  setNavigator,
  updateSession,
  writeLastActivityAt,
} from './session-store';

const context = {
  user: { id: 'u1', locale: 'fr-CA' },
  userGroup: { id: 't1', label: 'Principal' },
  organization: { id: 'o1', country: 'CA' },
  userGroups: [],
} as unknown as SessionContext;

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown };
function installFetch(handler: Handler) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      urls.push(`${init.method} ${url}`);
      const { status, body } = handler(url, init);
      return Promise.resolve(new Response(status === 204 ? null : JSON.stringify(body ?? {}), { status }));
    }),
  );
  return urls;
}

const navigations: string[] = [];
beforeEach(() => {
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
  sessionStorage.clear();
  updateSession({ status: 'restoring', token: null, context: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setNavigator(null);
});

describe('session (tokens, refresh, sign-out)', () => {
  it('signs in: keeps the token in memory and in sessionStorage', async () => {
    installFetch(() => ({ status: 200, body: { jwt: 'j1', ...context } }));
    await signIn('admin', 'pw');
    expect(getSessionState()).toMatchObject({ status: 'signed-in', token: 'j1', context });
    expect(sessionStorage.getItem('accueil.jwt')).toBe('j1');
  });

  it('restores with the refresh cookie, then reads the profile', async () => {
    const urls = installFetch((url) =>
      url === '/api/auth/refresh' ? { status: 200, body: { jwt: 'j2' } } : { status: 200, body: context },
    );
    await restoreSession();
    expect(urls).toEqual(['POST /api/auth/refresh', 'GET /api/auth/profile']);
    expect(getSessionState()).toMatchObject({ status: 'signed-in', token: 'j2', context });
  });

  it("reuses this tab's token after a reload, refreshing once if it lapsed", async () => {
    updateSession({ token: 'stale' });
    let profileCalls = 0;
    const urls = installFetch((url, init) => {
      if (url === '/api/auth/refresh') return { status: 200, body: { jwt: 'j3' } };
      profileCalls++;
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer j3'
        ? { status: 200, body: context }
        : { status: 401, body: { code: 'unauthorized', message: '' } };
    });
    await restoreSession();
    expect(urls).toEqual(['GET /api/auth/profile', 'POST /api/auth/refresh', 'GET /api/auth/profile']);
    expect(profileCalls).toBe(2);
    expect(getSessionState().status).toBe('signed-in');
  });

  it('stays signed out without redirect when no session can be restored', async () => {
    installFetch(() => ({ status: 401, body: { code: 'session-expired', message: '' } }));
    await restoreSession();
    expect(getSessionState()).toMatchObject({ status: 'signed-out', token: null });
    expect(navigations).toEqual([]);
  });

  it('ends a tab idle for 12 h on reload as expired', async () => {
    updateSession({ token: 'j' });
    writeLastActivityAt(1_000);
    const urls = installFetch(() => ({ status: 204 }));
    await restoreSession({ now: 1_000 + SESSION_IDLE_TIMEOUT_MS });
    expect(navigations).toEqual([`/login?expired=${1_000 + SESSION_IDLE_TIMEOUT_MS}`]);
    expect(urls).toEqual(['POST /api/auth/logout']);
    expect(getAccessToken()).toBeNull();
  });

  it('ends the session client-side after 12 h without activity', async () => {
    vi.useFakeTimers();
    installFetch(() => ({ status: 200, body: { jwt: 'j', ...context } }));
    await signIn('admin', 'pw');
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS / 2);
    recordActivity();
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS - 1);
    expect(getSessionState().status).toBe('signed-in');
    vi.advanceTimersByTime(1);
    expect(getSessionState().status).toBe('signed-out');
    expect(navigations[0]).toMatch(/^\/login\?expired=\d+$/);
  });

  it('signs out through POST auth/logout { revokeAll: false }, and shows the login even when it fails', async () => {
    updateSession({ status: 'signed-in', token: 'j', context });
    let body: unknown;
    installFetch((_url, init) => {
      body = JSON.parse(init.body as string);
      return { status: 500 };
    });
    await signOut();
    expect(body).toEqual({ revokeAll: false });
    expect(getSessionState()).toMatchObject({ status: 'signed-out', token: null, context: null });
  });

  it('signing out first unsubscribes this browser from Web Push (where the worker is), while the session can still say so', async () => {
    updateSession({ status: 'signed-in', token: 'j', context });
    const endpoint = 'https://push.example.com/send/abc';
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    const pushManager = { getSubscription: () => Promise.resolve({ endpoint, unsubscribe }) };
    const serviceWorker = { getRegistration: () => Promise.resolve({ pushManager }) };
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
    vi.stubGlobal('PushManager', class {});
    const bodies: unknown[] = [];
    const urls = installFetch((_url, init) => {
      bodies.push(JSON.parse(init.body as string));
      return { status: 204 };
    });
    const unregister = forgetPushOnSignOut();
    try {
      await signOut();
    } finally {
      unregister();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
    expect(urls).toEqual(['DELETE /api/push/subscriptions', 'POST /api/auth/logout']);
    expect(bodies[0]).toEqual({ endpoint });
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(getSessionState().status).toBe('signed-out');
  });

  it('switches team with PUT auth/user-group and keeps the new context', async () => {
    updateSession({ status: 'signed-in', token: 'j', context });
    const next = { ...context, userGroup: { id: 't2', label: 'Soins' } } as unknown as SessionContext;
    const urls = installFetch(() => ({ status: 200, body: next }));
    await switchTeam('t2');
    expect(urls).toEqual(['PUT /api/auth/user-group']);
    expect(getSessionState().context?.userGroup?.id).toBe('t2');
  });

  it('reads the session id from the access token', () => {
    const payload = btoa(JSON.stringify({ sub: 'u', sid: 's-1', org: 'o' })).replace(/=+$/, '');
    expect(getSessionId(`h.${payload}.sig`)).toBe('s-1');
    expect(getSessionId('garbage')).toBeNull();
    expect(getSessionId(null)).toBeNull();
  });
});
