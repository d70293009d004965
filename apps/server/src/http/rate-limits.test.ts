import { RATE_LIMIT_WINDOW_MS, apiErrorSchema } from '@accueil/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInbox, seedConversation } from '../modules/conversations/conversations.test-support';
import { authHeader, buildOrganization, buildTeam, buildUser, randomPhoneNumber, signIn } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { createMemoryLimiter } from './rate-limiter';

/** Issue 3 "Rate limits": a burst of 10× the allowed rate gets 429; other organisations do not notice. */
const USER_MAX = 3;
const ORG_MAX = 5;
const LOGIN_MAX = 3;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ SEND_RATE_LIMIT_PER_USER_PER_MINUTE: USER_MAX, SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: ORG_MAX });
});
afterAll(() => t.close());

/** Asserts the spec's throttle answer: 429, Retry-After in (0, 60] s, the same seconds in the message. */
function expectThrottled(res: LightMyRequestResponse): number {
  expect(res.statusCode).toBe(429);
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(RATE_LIMIT_WINDOW_MS / 1000);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe('too-many-requests');
  expect(body.message).toBe(`Too many requests. Retry in ${retry} seconds.`);
  return retry;
}

async function inboxWithConversation() {
  const inbox = await buildInbox(t.app, t.deps.db);
  const conv = await seedConversation(t.deps.db, { organizationId: inbox.org.id, teamId: inbox.team.id });
  const send = (body: string, headers = inbox.headers) => t.app.inject({ method: 'POST', url: `/api/conversations/${conv.id}/messages`, headers, payload: { body } });
  return { ...inbox, conv, send };
}

describe('send rate limits', () => {
  it('a burst of 10× the per-user rate: the allowance passes, the rest gets 429; another organisation meanwhile sends', async () => {
    const busy = await inboxWithConversation();
    const other = await inboxWithConversation();
    const burst = Array.from({ length: 10 * USER_MAX }, (_, i) => busy.send(`burst ${i}`));
    const others = Array.from({ length: USER_MAX }, (_, i) => other.send(`other ${i}`));
    const [burstAnswers, otherAnswers] = await Promise.all([Promise.all(burst), Promise.all(others)]);
    expect(burstAnswers.filter((r) => r.statusCode === 201)).toHaveLength(USER_MAX);
    const refused = burstAnswers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(9 * USER_MAX);
    for (const res of refused) expectThrottled(res);
    expect(refused[0]!.json().details).toMatchObject({ scope: 'user', limitPerMinute: USER_MAX });
    expect(otherAnswers.map((r) => r.statusCode)).toEqual(Array(USER_MAX).fill(201));
  });

  it('creating a conversation counts against the same allowance', async () => {
    const inbox = await buildInbox(t.app, t.deps.db);
    const create = () => t.app.inject({ method: 'POST', url: '/api/conversations', headers: inbox.headers, payload: { to: randomPhoneNumber(), body: 'Bonjour' } });
    for (let i = 0; i < USER_MAX; i++) expect((await create()).statusCode).toBe(201);
    expectThrottled(await create());
  });

  it('the organisation allowance is shared by its users; a user stopped by their own limit does not use it up', async () => {
    const first = await inboxWithConversation();
    const colleague = await buildUser(t.deps.db, { organizationId: first.org.id, teamIds: [first.team.id] });
    const colleagueHeaders = authHeader((await signIn(t.app, colleague)).jwt);
    for (let i = 0; i < 10 * USER_MAX; i++) await first.send(`first ${i}`);
    // first used USER_MAX of ORG_MAX; their refused requests counted nothing for the organisation.
    const left = ORG_MAX - USER_MAX;
    for (let i = 0; i < left; i++) expect((await first.send('colleague', colleagueHeaders)).statusCode).toBe(201);
    const res = await first.send('one too many', colleagueHeaders);
    expectThrottled(res);
    expect(res.json().details).toMatchObject({ scope: 'organization', limitPerMinute: ORG_MAX });
  });

  it('reads are not limited', async () => {
    const busy = await inboxWithConversation();
    for (let i = 0; i < 10 * USER_MAX; i++) await busy.send(`x ${i}`);
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: busy.headers });
    expect(list.statusCode).toBe(200);
  });
});

describe('sign-in rate limit', () => {
  it('a burst of 10× the per-IP rate gets 429 with Retry-After and the message; another address meanwhile signs in', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: LOGIN_MAX });
    try {
      const db = limited.deps.db;
      const org = await buildOrganization(db);
      const team = await buildTeam(db, { organizationId: org.id });
      const user = await buildUser(db, { organizationId: org.id, teamIds: [team.id] });
      const other = await buildUser(db, { organizationId: org.id, teamIds: [team.id] });
      const login = (u: typeof user, remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username: u.username, password: u.password } });
      const burst = Array.from({ length: 10 * LOGIN_MAX }, () => login(user, '10.0.0.1'));
      const others = Array.from({ length: LOGIN_MAX }, () => login(other, '10.0.0.2'));
      const [burstAnswers, otherAnswers] = await Promise.all([Promise.all(burst), Promise.all(others)]);
      expect(burstAnswers.filter((r) => r.statusCode === 200)).toHaveLength(LOGIN_MAX);
      const refused = burstAnswers.filter((r) => r.statusCode !== 200);
      expect(refused).toHaveLength(9 * LOGIN_MAX);
      for (const res of refused) expectThrottled(res);
      expect(otherAnswers.map((r) => r.statusCode)).toEqual(Array(LOGIN_MAX).fill(200));
    } finally {
      await limited.close();
    }
  });
});

describe('limiter (generic cell rate algorithm)', () => {
  it('lets a burst through, then one request per interval; a refusal says how long to wait', async () => {
    let now = 1_000_000;
    const limiter = createMemoryLimiter(() => now);
    const rule = { perWindow: 60, windowMs: 60_000, burst: 3 }; // one a second, three at once
    const take = () => limiter.take('k', rule);
    expect((await take()).allowed).toBe(true);
    expect((await take()).allowed).toBe(true);
    expect(await take()).toEqual({ allowed: true, retryAfterMs: 0, remaining: 0 });
    expect(await take()).toEqual({ allowed: false, retryAfterMs: 1_000, remaining: 0 });
    now += 400;
    expect(await take()).toEqual({ allowed: false, retryAfterMs: 600, remaining: 0 });
    now += 600;
    expect((await take()).allowed).toBe(true);
    expect((await take()).allowed).toBe(false);
    expect((await limiter.take('other key', rule)).allowed).toBe(true);
    now += 10_000; // fully refilled: the burst again, not more
    expect((await take()).remaining).toBe(2);
  });

  it('never allows a burst larger than the window allowance', async () => {
    const limiter = createMemoryLimiter(() => 0);
    const rule = { perWindow: 2, windowMs: 60_000, burst: 10 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => limiter.take('k', rule)));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, false, false, false]);
    expect(answers[2]!.retryAfterMs).toBe(30_000);
  });
});
