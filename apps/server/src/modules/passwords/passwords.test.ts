import { PASSWORD_RESET_LINK_TTL_MS } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordTokens } from '../../db/schema/passwords';
import { sessions } from '../../db/schema/sessions';
import { authHeader, buildUser, signIn } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { hashPasswordToken } from './password-token';
import { PASSWORD_RESET_MAILS_PER_HOUR } from './request-password-reset';
import { mailsTo, tokenOf, waitForMail } from '../../test/sandbox-mail';

const t = useTestApp();

const NEW_PASSWORD = 'Nouveau-Passe-42!';
const forgot = (login: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { login } });
const reset = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset',
    payload: { token, password, confirmation },
  });
const inspect = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/token', payload: { token } });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/auth/password/forgot', () => {
  it('mails a reset link to the account named by its username, in its language', async () => {
    const user = await buildUser({ firstName: 'Marie' });
    const res = await forgot(user.username.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toBeNull();
    const mail = await waitForMail(t.app, user.email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe Accueil');
    expect(mail.from).toBe(t.deps.config.MAIL_FROM);
    expect(mail.text).toContain('Bonjour Marie,');
    expect(mail.text).toContain('60 minutes');
    expect(mail.html).toContain(`/password-reset?token=${tokenOf(mail)}`);
  });

  it('finds the account by its e-mail address too, and writes in English to an English-speaking user', async () => {
    const user = await buildUser();
    await t.deps.db.execute(`UPDATE users SET locale = 'en-CA' WHERE id = '${user.id}'`);
    expect((await forgot(` ${user.email.toUpperCase()} `)).statusCode).toBe(202);
    const mail = await waitForMail(t.app, user.email);
    expect(mail.subject).toBe('Reset your Accueil password');
  });

  it('answers the same for an unknown account, and sends nothing', async () => {
    const known = await forgot((await buildUser()).username);
    const unknown = await forgot('nobody-by-that-name');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(await mailsTo(t.app, 'nobody-by-that-name')).toEqual([]);
  });

  it('stores only the hash of the link, valid 60 minutes', async () => {
    const user = await buildUser();
    const before = Date.now();
    await forgot(user.username);
    const token = tokenOf(await waitForMail(t.app, user.email));
    const [row] = await t.deps.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
    expect(row!.tokenHash).toBe(hashPasswordToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.purpose).toBe('reset');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(PASSWORD_RESET_LINK_TTL_MS);
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it(`sends an account at most ${PASSWORD_RESET_MAILS_PER_HOUR} mails per hour, answering the same`, async () => {
    const user = await buildUser();
    for (let i = 0; i < PASSWORD_RESET_MAILS_PER_HOUR + 2; i++)
      expect((await forgot(user.username)).statusCode).toBe(202);
    await waitForMail(t.app, user.email, PASSWORD_RESET_MAILS_PER_HOUR);
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(t.app, user.email)).toHaveLength(PASSWORD_RESET_MAILS_PER_HOUR);
  });

  it('refuses an empty login', async () => {
    const res = await forgot('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation-failed');
  });
});

describe('POST /api/auth/password/reset', () => {
  async function linkFor() {
    const user = await buildUser();
    await forgot(user.username);
    return { user, token: tokenOf(await waitForMail(t.app, user.email)) };
  }

  it('sets the new password: the new one signs in, the old one no longer does', async () => {
    const { user, token } = await linkFor();
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: user.username });
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
  });

  it('works once: the same link again is refused', async () => {
    const { token } = await linkFor();
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'Autre-Passe-43!');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('reset-link-invalid');
    expect((await inspect(token)).json().code).toBe('reset-link-invalid');
  });

  it('works until 60 minutes after it was sent, not after (fake clock)', async () => {
    const first = await linkFor();
    const second = await linkFor();
    const sentAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(sentAt + PASSWORD_RESET_LINK_TTL_MS - 5_000);
    expect((await reset(first.token)).statusCode).toBe(200);
    vi.setSystemTime(sentAt + PASSWORD_RESET_LINK_TTL_MS + 1_000);
    const late = await reset(second.token);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('reset-link-expired');
    expect((await inspect(second.token)).statusCode).toBe(410);
    vi.useRealTimers();
    expect((await login(second.user.username, second.user.password)).statusCode).toBe(200);
  });

  it('ends every session of the account and announces it to its tabs', async () => {
    const { user, token } = await linkFor();
    const session = await signIn(t.app, user);
    const spy = vi.spyOn(t.deps.realtime, 'publish');
    expect((await reset(token)).statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: authHeader(session.jwt),
    });
    expect(profile.statusCode).toBe(401);
    expect(profile.json().code).toBe('session-expired');
    const open = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    expect(spy).toHaveBeenCalledWith(
      `user:${user.id}`,
      'session:revoked',
      expect.objectContaining({ sessionId: expect.any(String) }),
    );
    spy.mockRestore();
  });

  it('closes the account’s other links once a password is set', async () => {
    const user = await buildUser();
    await forgot(user.username);
    const older = tokenOf(await waitForMail(t.app, user.email, 1));
    await forgot(user.username);
    const newer = tokenOf(await waitForMail(t.app, user.email, 2));
    expect(newer).not.toBe(older);
    expect((await reset(newer)).statusCode).toBe(200);
    expect((await reset(older, 'Autre-Passe-43!')).json().code).toBe('reset-link-invalid');
  });

  it('answers one issue per broken password rule, with the rule’s key, and keeps the link', async () => {
    const { user, token } = await linkFor();
    const res = await reset(token, 'abc', 'abc');
    expect(res.statusCode).toBe(400);
    const issues = res.json<{ details: { path: string; message: string }[] }>().details;
    expect(issues.filter((i) => i.path === 'password').map((i) => i.message)).toEqual([
      'password-length',
      'uppercase',
      'digit',
      'special-character',
    ]);
    const lowercase = (await reset(token, 'ABCDEFGH1!')).json<{ details: { message: string }[] }>().details;
    expect(lowercase.map((i) => i.message)).toEqual(['lowercase']);
    // The link still works after a refused password.
    expect((await reset(token)).statusCode).toBe(200);
    expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a confirmation that differs (password-does-not-match), setting nothing', async () => {
    const { user, token } = await linkFor();
    const res = await reset(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      expect.objectContaining({ path: 'confirmation', message: 'password-does-not-match' }),
    ]);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('refuses an unknown link', async () => {
    const res = await reset('x'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('reset-link-invalid');
  });
});

describe('POST /api/auth/password/token', () => {
  it('says what a working link is for, for whom, in which language and until when, without using it', async () => {
    const user = await buildUser();
    await forgot(user.username);
    const token = tokenOf(await waitForMail(t.app, user.email));
    const res = await inspect(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      purpose: 'reset',
      username: user.username,
      locale: 'fr-CA',
      expiresAt: expect.any(String),
    });
    expect((await inspect(token)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  const limited = useTestApp({ PASSWORD_FORGOT_RATE_LIMIT: 2 });

  it('refuses a client address past its allowance (2 per 15 minutes: one every 7.5 minutes), with Retry-After', async () => {
    const ask = (remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { login: 'someone' },
        remoteAddress,
      });
    expect((await ask('198.51.100.7')).statusCode).toBe(202);
    const refused = await ask('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too-many-requests');
    expect(refused.json().message).toMatch(/^Too many requests\. Retry in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(400);
    // Another address has its own allowance.
    expect((await ask('198.51.100.8')).statusCode).toBe(202);
  });
});
