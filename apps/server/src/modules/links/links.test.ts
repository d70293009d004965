import type { ShortLink } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildInbox } from '../../test/conversation-factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

async function shorten(headers: Record<string, string>, url: string) {
  return t.app.inject({ method: 'POST', url: '/api/link/create', headers, payload: { url } });
}

describe('short links', () => {
  it('shortens an https link to /l/<12 random characters>, which redirects and counts its clicks', async () => {
    const { headers } = await buildInbox();
    const target = 'https://clinique.example/rendez-vous?date=2031-03-10&patient=123#confirmer';
    const res = await shorten(headers, target);
    expect(res.statusCode).toBe(201);
    const link = res.json<ShortLink>();
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(link).toMatchObject({
      url: target,
      clicks: 0,
      shortUrl: expect.stringMatching(new RegExp(`/l/${link.code}$`)) as string,
    });
    for (let i = 0; i < 2; i++) {
      const follow = await t.app.inject({ method: 'GET', url: `/l/${link.code}` });
      expect(follow.statusCode).toBe(302);
      expect(follow.headers.location).toBe(target);
      expect(follow.headers['cache-control']).toBe('no-store');
    }
    const again = (await shorten(headers, target)).json<ShortLink>();
    expect(again).toMatchObject({ code: link.code, clicks: 2 });
  });

  it('gives each organisation its own code, and different codes to different links', async () => {
    const [a, b] = [await buildInbox(), await buildInbox()];
    const codes = [
      (await shorten(a.headers, 'http://example.test/a')).json<ShortLink>().code,
      (await shorten(b.headers, 'http://example.test/a')).json<ShortLink>().code,
      (await shorten(a.headers, 'http://example.test/b')).json<ShortLink>().code,
    ];
    expect(new Set(codes).size).toBe(3);
  });

  it('refuses anything but absolute http and https links', async () => {
    const { headers } = await buildInbox();
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.test/f',
      '/relative/path',
      'example.test',
      'https://',
    ]) {
      const res = await shorten(headers, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: expect.stringMatching(/^(url-invalid|validation-failed)$/) as string,
      });
    }
    expect((await shorten(headers, 'javascript:alert(1)')).json()).toMatchObject({ code: 'url-invalid' });
  });

  it('answers 404 for an unknown or malformed code, and asks a signed-in user to shorten', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/l/AAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/l/short' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/link/create',
          payload: { url: 'https://example.test' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
