import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { SESSION_IDLE_TIMEOUT_MS } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushSubscriptions } from '../../db/schema/push';
import { sessions } from '../../db/schema/sessions';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import { buildConversation, buildInbox, buildTeamOfTwo } from '../../test/conversation-factories';
import { buildUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { sendPushNotification } from './send-push-notification';
import { sendPushNotificationJob } from './send-push-notification.job';
import { browserSubscription as subscription } from './testing/browser-subscription';

/*
 * Web Push, sending (docs/behaviour/notifications.md, "Web Push"): the send-push-notification
 * job through a local https stand-in of a push service — encrypted POSTs with VAPID, only to
 * live sessions' subscriptions, gone ones forgotten — and when it is queued. The endpoints and
 * the SSRF guard: push.test.ts.
 */

const t = useTestApp();

const rowsOf = (organizationId: string) =>
  withSystemAccess('test-fixture', () =>
    t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.organizationId, organizationId)),
  );

describe('sending (the send-push-notification job)', () => {
  /** What the stand-in push service received: one entry per POST. */
  const received: { url: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  /** The status the stand-in answers, by path. */
  const answers = new Map<string, number>();
  let server: Server;
  let base = '';
  // The stand-in's self-signed certificate (127.0.0.1, valid 100 years), trusted by the sender's agent.
  const cert = readFileSync(new URL('./testing/stand-in-cert.pem', import.meta.url));
  const key = readFileSync(new URL('./testing/stand-in-key.pem', import.meta.url));
  const agent = new Agent({ ca: cert });
  beforeAll(async () => {
    server = createServer({ cert, key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = answers.get(req.url ?? '') ?? 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The app's deps with the test-only setting that lets the local stand-in through. */
  const standInDeps = () => ({ ...t.deps, config: { ...t.deps.config, PUSH_ALLOW_PRIVATE_ENDPOINTS: true } });

  /**
   * A subscription of `userId` given by a session of theirs (live unless `session` says it was
   * revoked or last seen long ago; `none`: a row from before sessions were kept).
   */
  async function keep(
    organizationId: string,
    userId: string,
    path: string,
    session: 'live' | 'revoked' | 'idle' | 'none' = 'live',
  ) {
    const s = subscription(`${base}${path}`);
    await withOrganization(organizationId, async () => {
      const [opened] = await t.deps.db
        .insert(sessions)
        .values({
          organizationId,
          userId,
          revokedAt: session === 'revoked' ? new Date() : null,
          lastSeenAt: new Date(Date.now() - (session === 'idle' ? SESSION_IDLE_TIMEOUT_MS + 60_000 : 0)),
        })
        .returning({ id: sessions.id });
      await t.deps.db.insert(pushSubscriptions).values({
        organizationId,
        userId,
        sessionId: session === 'none' ? null : opened!.id,
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
      });
    });
  }

  /** Sends `userId` the push of an assignment by Luc Gagnon, through the local stand-in. */
  const sendAssigned = (organizationId: string, userId: string) =>
    withOrganization(organizationId, () =>
      sendPushNotification(
        standInDeps(),
        {
          organizationId,
          userId,
          kind: 'assigned',
          conversationId: crypto.randomUUID(),
          by: 'Luc Gagnon',
          contact: 'Léa Roy',
        },
        agent,
      ),
    );

  it('POSTs an encrypted push (aes128gcm) with the VAPID authorization to each of the user’s subscriptions', async () => {
    const { org, user, luc } = await buildTeamOfTwo();
    await keep(org.id, user.id, '/push/one');
    await keep(org.id, user.id, '/push/two');
    await keep(org.id, luc.id, '/push/luc');
    received.length = 0;
    const result = await sendAssigned(org.id, user.id);
    expect(result).toEqual({ sent: 2, removed: 0 });
    expect(received.map((r) => r.url).sort()).toEqual(['/push/one', '/push/two']);
    const { publicKey } = (
      await t.app.inject({
        method: 'GET',
        url: '/api/push/vapid-public-key',
        headers: (await buildInbox()).headers,
      })
    ).json<{ publicKey: string }>();
    for (const push of received) {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers['content-type']).toBe('application/octet-stream');
      expect(push.headers.ttl).toBe('3600');
      expect(push.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      // Encrypted: the names are not in the body as sent.
      expect(push.body.length).toBeGreaterThan(100);
      expect(push.body.toString('latin1')).not.toContain('Roy');
    }
  });

  it('forgets a subscription the push service says is gone (410, 404); other failures are retried', async () => {
    const { org, user } = await buildInbox();
    await keep(org.id, user.id, '/push/gone');
    await keep(org.id, user.id, '/push/unknown');
    await keep(org.id, user.id, '/push/fine');
    answers.set('/push/gone', 410);
    answers.set('/push/unknown', 404);
    const job = {
      organizationId: org.id,
      userId: user.id,
      kind: 'mention' as const,
      conversationId: crypto.randomUUID(),
      by: 'Luc Gagnon',
      contact: '+15145550123',
    };
    expect(await withOrganization(org.id, () => sendPushNotification(standInDeps(), job, agent))).toEqual({
      sent: 1,
      removed: 2,
    });
    expect((await rowsOf(org.id)).map((r) => new URL(r.endpoint).pathname)).toEqual(['/push/fine']);
    answers.set('/push/fine', 500);
    await expect(
      withOrganization(org.id, () => sendPushNotification(standInDeps(), job, agent)),
    ).rejects.toThrow();
    expect(await rowsOf(org.id)).toHaveLength(1); // kept: the job's retry tries it again
    answers.clear();
  });

  it('sends nothing to a browser whose session ended (revoked, idle past 12 h) or is unknown, and forgets it', async () => {
    const { org, user } = await buildInbox();
    await keep(org.id, user.id, '/push/live');
    await keep(org.id, user.id, '/push/revoked', 'revoked');
    await keep(org.id, user.id, '/push/idle', 'idle');
    await keep(org.id, user.id, '/push/none', 'none');
    received.length = 0;
    const result = await sendAssigned(org.id, user.id);
    expect(result).toEqual({ sent: 1, removed: 3 });
    expect(received.map((r) => r.url)).toEqual(['/push/live']);
    expect((await rowsOf(org.id)).map((r) => new URL(r.endpoint).pathname)).toEqual(['/push/live']);
  });

  it('skips and forgets a subscription on a private address when the test setting is off', async () => {
    const { org, user } = await buildInbox();
    await keep(org.id, user.id, '/push/private');
    received.length = 0;
    const result = await withOrganization(org.id, () =>
      sendPushNotification(t.deps, {
        organizationId: org.id,
        userId: user.id,
        kind: 'inbound-text',
        conversationId: crypto.randomUUID(),
        by: null,
        contact: 'Léa Roy',
      }),
    );
    expect(result).toEqual({ sent: 0, removed: 1 });
    expect(received).toEqual([]);
  });

  it('is queued for an assignment by someone else (the inbox:notification kinds) to a user with a subscription only', async () => {
    const { org, team, headers, luc, conv } = await buildTeamOfTwo();
    const unsubscribed = await buildConversation({ organizationId: org.id, teamId: team.id });
    const zoe = await buildUser({ organizationId: org.id, teamIds: [team.id] });
    const assign = (id: string, userId: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/conversations/${id}/assignee`,
        headers,
        payload: { userId },
      });
    const jobsOf = async (conversationId: string) =>
      (
        await t.jobs.boss().findJobs<{ userId: string; kind: string }>(sendPushNotificationJob.name, {
          data: { organizationId: org.id, conversationId },
        })
      ).map((j) => j.data);
    // Zoé has no subscription: no job (most users have none; a job each would load the queue).
    await assign(unsubscribed.id, zoe.id);
    await keep(org.id, luc.id, '/push/luc-assigned');
    await assign(conv.id, luc.id);
    await vi.waitFor(
      async () =>
        expect(await jobsOf(conv.id)).toEqual([
          expect.objectContaining({ userId: luc.id, kind: 'assigned', by: 'Marie Tremblay' }),
        ]),
      { timeout: 20_000, interval: 100 },
    );
    expect(await jobsOf(unsubscribed.id)).toEqual([]);
  });
});
