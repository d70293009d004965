import { expect, type APIRequestContext } from '@playwright/test';

type Week = { day: number; enabled: boolean; start: string; end: string; breaks: unknown[] }[];

/**
 * The settings a journey changed and has not put back yet: a journey that fails before its own
 * `restore()` would leave the organisation closed (or its queue on) for the journeys after it on
 * the same server (seen 2026-11-30: a voicemail journey's failure closed the schedule that the
 * schedule journey after it expected open). Each spec file using them puts them back after each
 * test (`test.afterEach(restoreDemoSettings)`).
 */
const notRestored: (() => Promise<void>)[] = [];

/** Runs `restore` once, whether the journey calls it or the hook below does. */
function onceRestored(restore: () => Promise<void>): () => Promise<void> {
  const once = async () => {
    const at = notRestored.indexOf(once);
    if (at === -1) return;
    notRestored.splice(at, 1);
    await restore();
  };
  notRestored.push(once);
  return once;
}

/**
 * Puts back, newest first, what `setDemoSchedule` and `setDemoQueue` changed and the journey did
 * not put back itself: each spec file that uses them runs it after each test.
 */
export async function restoreDemoSettings(): Promise<void> {
  for (const restore of [...notRestored].reverse()) await restore();
}

/**
 * Signs the demo administrator in through the API: their bearer headers and organisation. Each
 * call opens a new session, and a user's newer session ends the older ones (a browser signing in
 * as `admin` meanwhile ends this one): sign in again for each step rather than keep a token.
 */
async function signInAsDemoAdmin(
  request: APIRequestContext,
): Promise<{ jwt: string; headers: Record<string, string>; organizationId: string }> {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Demo-Accueil-2026' },
  });
  expect(login.ok()).toBe(true);
  const { jwt, organization } = (await login.json()) as { jwt: string; organization: { id: string } };
  return { jwt, headers: { authorization: `Bearer ${jwt}` }, organizationId: organization.id };
}

/**
 * Opens (`open`) or closes (`closed`) the demo organisation all week, as the demo administrator
 * through the API: the sandbox routes an inbound call by the schedule (ring when open, voicemail
 * when closed), and the journeys run at any hour. Returns the administrator's token (valid until
 * `admin` signs in elsewhere) and a function putting the previous schedule back (it fails the test if it cannot: a journey must not leave the organisation open
 * all week for the next ones); if the journey ends without calling it (a failure),
 * `restoreDemoSettings` does. Use Playwright's `request` fixture, not `page.request`: the latter
 * shares the page's cookies and would sign the page in.
 */
export async function setDemoSchedule(
  request: APIRequestContext,
  state: 'open' | 'closed',
): Promise<{ jwt: string; restore: () => Promise<void> }> {
  const { jwt, headers, organizationId } = await signInAsDemoAdmin(request);
  const url = `/api/organizations/${organizationId}/schedule`;
  const before = (await (await request.get(url, { headers })).json()) as { week: Week; vacations: unknown[] };
  const week = before.week.map((d) => ({
    ...d,
    enabled: state === 'open',
    start: '00:00',
    end: '23:59',
    breaks: [],
  }));
  expect((await request.put(url, { headers, data: { week, vacations: [] } })).ok()).toBe(true);
  return {
    jwt,
    restore: onceRestored(async () => {
      const again = await signInAsDemoAdmin(request);
      const restored = await request.put(url, {
        headers: again.headers,
        data: { week: before.week, vacations: before.vacations },
      });
      expect(restored.ok(), `the schedule put back: ${restored.status()}`).toBe(true);
    }),
  };
}

/**
 * Turns the demo organisation's call queue on or off (`options.voiceQueue.enabled`), as the demo
 * administrator whose token `jwt` is (from `setDemoSchedule`: no new session, so that token stays
 * valid). Returns a function turning it back, under a new session (fails the test if it cannot).
 */
export async function setDemoQueue(
  request: APIRequestContext,
  jwt: string,
  enabled: boolean,
): Promise<() => Promise<void>> {
  const put = (headers: Record<string, string>, on: boolean) =>
    request.put('/api/organizations', { headers, data: { options: { voiceQueue: { enabled: on } } } });
  expect((await put({ authorization: `Bearer ${jwt}` }, enabled)).ok()).toBe(true);
  return onceRestored(async () => {
    const restored = await put((await signInAsDemoAdmin(request)).headers, !enabled);
    expect(restored.ok(), `the queue put back: ${restored.status()}`).toBe(true);
  });
}
