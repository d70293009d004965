import {
  RATE_LIMIT_WINDOW_MS,
  SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE,
  SEND_RATE_LIMIT_PER_USER_PER_MINUTE,
  apiErrorSchema,
} from '@accueil/domain';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildInbox, buildConversation } from '../test/conversation-factories';
import { buildOrganization, buildTeam, buildUser, randomPhoneNumber } from '../test/factories';
import { createTestApp, useTestApp } from '../test/test-app';
import { burstOf, createMemoryLimiter } from './rate-limiter';
import { sendLimitsOf, takeSendAllowance } from './send-rate-limit';

/** Rate limits: a burst of 10× the allowance gets 429; other organisations do not notice. */
const USER_PER_MINUTE = 12; // one every 5 s, 2 at once (10 s worth)
const USER_BURST = 2;
const LOGIN_PER_MINUTE = 30; // one every 2 s, 5 at once
const LOGIN_BURST = 5;
const t = useTestApp({ SEND_RATE_LIMIT_PER_USER_PER_MINUTE: USER_PER_MINUTE });

/** Asserts the spec's throttle answer: 429, Retry-After in (0, 60] s, the same seconds in the message. */
function expectThrottled(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(RATE_LIMIT_WINDOW_MS / 1000);
  const body = apiErrorSchema.parse(res.json());
  expect(body.code).toBe('too-many-requests');
  expect(body.message).toBe(`Too many requests. Retry in ${retry} seconds.`);
}

async function inboxWithConversation() {
  const inbox = await buildInbox();
  const conv = await buildConversation({ organizationId: inbox.org.id, teamId: inbox.team.id });
  const send = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/messages`,
      headers: inbox.headers,
      payload: { body },
    });
  return { ...inbox, send };
}

describe('send rate limits (API)', () => {
  it('a burst of 10× the allowance: the burst passes, the rest gets 429 with Retry-After; another organisation meanwhile sends', async () => {
    const busy = await inboxWithConversation();
    const other = await inboxWithConversation();
    const burst = Array.from({ length: 10 * USER_BURST }, (_, i) => busy.send(`burst ${i}`));
    const others = Array.from({ length: USER_BURST }, (_, i) => other.send(`other ${i}`));
    const [burstAnswers, otherAnswers] = await Promise.all([Promise.all(burst), Promise.all(others)]);
    expect(burstAnswers.filter((r) => r.statusCode === 201)).toHaveLength(USER_BURST);
    const refused = burstAnswers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(9 * USER_BURST);
    for (const res of refused) expectThrottled(res);
    expect(refused[0]!.json().details).toMatchObject({ scope: 'user', limitPerMinute: USER_PER_MINUTE });
    expect(otherAnswers.map((r) => r.statusCode)).toEqual(Array(USER_BURST).fill(201));
  });

  it('creating a conversation takes from the same allowance', async () => {
    const inbox = await buildInbox();
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: inbox.headers,
        payload: { to: randomPhoneNumber(), body: 'Bonjour' },
      });
    for (let i = 0; i < USER_BURST; i++) expect((await create()).statusCode).toBe(201);
    expectThrottled(await create());
  });

  it('a request without a valid token answers 401 and takes from no allowance', async () => {
    const inbox = await inboxWithConversation();
    for (let i = 0; i < 10 * USER_BURST; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: { authorization: 'Bearer a.b.c' },
        payload: { to: randomPhoneNumber() },
      });
      expect(res.statusCode).toBe(401);
    }
    for (let i = 0; i < USER_BURST; i++) expect((await inbox.send(`ok ${i}`)).statusCode).toBe(201);
  });

  it('reads are not limited', async () => {
    const busy = await inboxWithConversation();
    for (let i = 0; i < 10 * USER_BURST; i++) await busy.send(`x ${i}`);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: busy.headers })).statusCode,
    ).toBe(200);
  });
});

describe('sign-in rate limit (API)', () => {
  it('a burst of 10× the allowance from one IP gets 429 with Retry-After and the message; another address meanwhile signs in', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: LOGIN_PER_MINUTE });
    try {
      const db = limited.deps.db;
      const org = await buildOrganization({ db: db });
      const team = await buildTeam({ db: db, organizationId: org.id });
      const user = await buildUser({ db: db, organizationId: org.id, teamIds: [team.id] });
      const other = await buildUser({ db: db, organizationId: org.id, teamIds: [team.id] });
      const login = (u: typeof user, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { username: u.username, password: u.password },
        });
      const burst = Array.from({ length: 10 * LOGIN_BURST }, () => login(user, '10.0.0.1'));
      const others = Array.from({ length: LOGIN_BURST }, () => login(other, '10.0.0.2'));
      const [burstAnswers, otherAnswers] = await Promise.all([Promise.all(burst), Promise.all(others)]);
      expect(burstAnswers.filter((r) => r.statusCode === 200)).toHaveLength(LOGIN_BURST);
      const refused = burstAnswers.filter((r) => r.statusCode !== 200);
      expect(refused).toHaveLength(9 * LOGIN_BURST);
      for (const res of refused) expectThrottled(res);
      expect(otherAnswers.map((r) => r.statusCode)).toEqual(Array(LOGIN_BURST).fill(200));
    } finally {
      await limited.close();
    }
  });
});

describe('send allowances (default limits, fixed clock)', () => {
  const limits = sendLimitsOf({
    SEND_RATE_LIMIT_PER_USER_PER_MINUTE,
    SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE,
  });
  const userBurst = burstOf(limits.user);
  const orgBurst = burstOf(limits.organization);

  it('a user sends their burst, then is refused (user scope) without using the organisation allowance', async () => {
    expect([userBurst, orgBurst]).toEqual([10, 30]);
    const limiter = createMemoryLimiter(() => 0);
    const take = (userId: string, organizationId = 'org-a') =>
      takeSendAllowance(limiter, limits, { userId, organizationId });
    for (let i = 0; i < userBurst; i++) expect(await take('u1')).toBeNull();
    for (let i = 0; i < 50; i++)
      expect((await take('u1'))?.details).toMatchObject({ scope: 'user', retryAfterS: 1 });
    // u1 used 10 of the organisation's 30; its 50 refusals used none: u2 and u3 send 10 each.
    for (const user of ['u2', 'u3']) for (let i = 0; i < userBurst; i++) expect(await take(user)).toBeNull();
    const refused = await take('u4');
    expect(refused?.code).toBe('too-many-requests');
    expect(refused?.details).toMatchObject({ scope: 'organization', limitPerMinute: 600 });
    expect(await take('b1', 'org-b')).toBeNull();
  });
});

describe('limiter (generic cell rate algorithm)', () => {
  it('lets a burst through, then one request per interval; a refusal says how long to wait', async () => {
    let now = 1_000_000;
    const limiter = createMemoryLimiter(() => now);
    const rule = { perWindow: 60, windowMs: 60_000, burstMs: 3_000 }; // one a second, three at once
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

  it('allows at least one and never more than the window allowance at once', async () => {
    expect(burstOf({ perWindow: 2, windowMs: 60_000, burstMs: 600_000 })).toBe(2);
    expect(burstOf({ perWindow: 2, windowMs: 60_000, burstMs: 1 })).toBe(1);
    const limiter = createMemoryLimiter(() => 0);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        limiter.take('k', { perWindow: 2, windowMs: 60_000, burstMs: 600_000 }),
      ),
    );
    expect(answers.map((a) => a.allowed)).toEqual([true, true, false, false, false]);
    expect(answers[2]!.retryAfterMs).toBe(30_000);
  });
});
