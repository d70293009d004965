import type { LoginResponse, SessionContext } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { authHeader, buildUser, signIn } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const putLocale = (jwt: string | null, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/locale',
    headers: jwt ? authHeader(jwt) : {},
    payload: payload as object,
  });

const profileLocale = async (jwt: string) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authHeader(jwt) })
  ).json<SessionContext>().user.locale;

describe('PUT /api/auth/locale', () => {
  it('stores the chosen locale and answers the session context', async () => {
    const user = await buildUser();
    const { jwt, body } = await signIn(t.app, user);
    expect(body.user.locale).toBe('fr-CA');
    const res = await putLocale(jwt, { locale: 'en-CA' });
    expect(res.statusCode).toBe(200);
    expect(res.json<SessionContext>()).toMatchObject({
      user: { id: user.id, locale: 'en-CA' },
      userGroups: [{}],
    });
    expect(await profileLocale(jwt)).toBe('en-CA');
    expect((await putLocale(jwt, { locale: 'fr-FR' })).json<SessionContext>().user.locale).toBe('fr-FR');
  });

  it('refuses an unknown locale, a missing one or extra fields (400 validation-failed)', async () => {
    const user = await buildUser();
    const { jwt } = await signIn(t.app, user);
    for (const payload of [
      { locale: 'de-DE' },
      { locale: 'en' },
      {},
      { locale: 'en-CA', extra: 1 },
      { locale: 42 },
    ]) {
      const res = await putLocale(jwt, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation-failed');
    }
    expect(await profileLocale(jwt)).toBe('fr-CA');
  });

  it('needs a session (401)', async () => {
    const res = await putLocale(null, { locale: 'en-CA' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });
});

describe('POST /api/auth/login with the login page’s language', () => {
  const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload });

  it('saves another language chosen on the login page to the profile', async () => {
    const user = await buildUser();
    const res = await login({ username: user.username, password: user.password, locale: 'en-CA' });
    expect(res.statusCode).toBe(200);
    const body = res.json<LoginResponse>();
    expect(body.user.locale).toBe('en-CA');
    expect(await profileLocale(body.jwt)).toBe('en-CA');
  });

  it('keeps the stored locale when the choice is the same language (fr-FR stays for a French choice) or absent', async () => {
    const user = await buildUser();
    const { jwt } = await signIn(t.app, user);
    await putLocale(jwt, { locale: 'fr-FR' });
    const french = await login({ username: user.username, password: user.password, locale: 'fr-CA' });
    expect(french.json<LoginResponse>().user.locale).toBe('fr-FR');
    const none = await login({ username: user.username, password: user.password });
    expect(none.json<LoginResponse>().user.locale).toBe('fr-FR');
  });

  it('refuses an unknown locale (400) without signing in', async () => {
    const user = await buildUser();
    const res = await login({ username: user.username, password: user.password, locale: 'xx' });
    expect(res.statusCode).toBe(400);
    expect(res.cookies).toHaveLength(0);
  });
});
