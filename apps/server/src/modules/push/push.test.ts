import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/push';
import { sessions } from '../../db/schema/sessions';
import { withSystemAccess } from '../../db/tenant-scope';
import { buildInbox, buildTeamOfTwo } from '../../test/conversation-factories';
import { useTestApp } from '../../test/test-app';
import { checkPushEndpoint } from './endpoint-guard';
import { browserSubscription as subscription } from './testing/browser-subscription';

/*
 * Web Push (docs/behaviour/notifications.md, "Web Push"): the VAPID key, subscriptions kept and
 * forgotten by their user only, with the session that gave them; strict validation; the SSRF
 * guard. Sending: push-sending.test.ts.
 */

const t = useTestApp();

const subscribe = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers, payload });

const rowsOf = (organizationId: string) =>
  withSystemAccess('test-fixture', () =>
    t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.organizationId, organizationId)),
  );

describe('GET /api/push/vapid-public-key', () => {
  it('answers the same public key (base64url, an uncompressed P-256 point) every time, signed in only', async () => {
    const { headers } = await buildInbox();
    const first = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key', headers });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const again = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key', headers });
    expect(again.json()).toEqual({ publicKey });
    expect((await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).statusCode).toBe(401);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('keeps the subscription for the signed-in user and organisation; again replaces it; DELETE forgets it', async () => {
    const { org, user, headers } = await buildInbox();
    const endpoint = 'https://1.1.1.1/push/abc';
    expect((await subscribe(headers, subscription(endpoint))).statusCode).toBe(204);
    expect((await subscribe(headers, subscription(endpoint))).statusCode).toBe(204);
    const rows = await rowsOf(org.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, endpoint, auth: 'tBHItJI5svbpez7KI4CCXg' });
    // The session that gave it: the one the bearer token is of.
    const [own] = await withSystemAccess('test-fixture', () =>
      t.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)),
    );
    expect(rows[0]!.sessionId).toBe(own!.id);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers,
      payload: { endpoint },
    });
    expect(gone.statusCode).toBe(204);
    expect(await rowsOf(org.id)).toEqual([]);
  });

  it("never touches another user's or organisation's subscription", async () => {
    const a = await buildTeamOfTwo();
    const b = await buildInbox();
    const endpoint = 'https://1.1.1.1/push/shared';
    await subscribe(a.headers, subscription(endpoint));
    // Another organisation's user with the same endpoint: a row of its own, a's untouched.
    await subscribe(b.headers, subscription(endpoint));
    expect(await rowsOf(a.org.id)).toMatchObject([{ userId: a.user.id }]);
    expect(await rowsOf(b.org.id)).toMatchObject([{ userId: b.user.id }]);
    // b deleting that endpoint forgets only b's.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: b.headers,
      payload: { endpoint },
    });
    expect(await rowsOf(a.org.id)).toHaveLength(1);
    expect(await rowsOf(b.org.id)).toEqual([]);
  });

  it('refuses anything but a strict PushSubscription with an https endpoint, and keeps nothing', async () => {
    const { org, headers } = await buildInbox();
    const good = subscription('https://1.1.1.1/push/x');
    for (const bad of [
      { ...good, endpoint: 'http://1.1.1.1/push/x' },
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, endpoint: `https://1.1.1.1/${'a'.repeat(2100)}` },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: 'not base64url!!!!!!!!!!' } },
      { ...good, keys: { ...good.keys, extra: 'x' } },
      { ...good, extra: true },
      { endpoint: good.endpoint },
    ]) {
      const res = await subscribe(headers, bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation-failed' });
    }
    expect(await rowsOf(org.id)).toEqual([]);
  });

  it('refuses (422 push-endpoint-refused) an endpoint on a private, loopback or link-local address (SSRF)', async () => {
    const { org, headers } = await buildInbox();
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://192.168.0.10/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
    ]) {
      const res = await subscribe(headers, subscription(endpoint));
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json(), endpoint).toMatchObject({ code: 'push-endpoint-refused' });
    }
    expect(await rowsOf(org.id)).toEqual([]);
  });
});

describe('checkPushEndpoint', () => {
  it('lets a local stand-in through (https still) only when PUSH_ALLOW_PRIVATE_ENDPOINTS is set', async () => {
    await expect(checkPushEndpoint('https://127.0.0.1:9/push', true)).resolves.toBeUndefined();
    await expect(checkPushEndpoint('https://127.0.0.1:9/push', false)).rejects.toMatchObject({
      code: 'push-endpoint-refused',
    });
    await expect(checkPushEndpoint('http://8.8.8.8/push', true)).rejects.toMatchObject({
      code: 'push-endpoint-refused',
    });
    await expect(checkPushEndpoint('https://8.8.8.8/push', false)).resolves.toBeUndefined();
  });
});
