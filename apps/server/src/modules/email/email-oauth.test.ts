import type { Mailbox, MailboxStatus } from '@accueil/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GMAIL_SCOPES } from '../../carriers/email-channel/gmail/gmail-channel-carrier';
import { startGmailStandIn } from '../../carriers/email-channel/gmail/testing/gmail-stand-in';
import { gmailRecorded } from '../../carriers/email-channel/gmail/testing/gmail-recorded';
import { startOAuthServer } from '../../carriers/email-channel/oauth/testing/oauth-server';
import {
  buildMailboxTeam,
  connectWithOAuth,
  emailConversationOf,
  holdMailboxSyncJobs,
  mailboxRowOf,
  sendReply,
} from '../../test/email-helpers';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { finishMailboxOAuth } from './finish-mailbox-oauth';
import { expireAccessToken, openGrant } from './mailbox-grant';
import { syncMailbox } from './sync-mailbox';

/**
 * Gmail through the spec's OAuth flow, against a real OAuth 2 server (oidc-provider) standing in
 * for Google's and a stand-in answering the recorded Gmail API: connect, sync, reply, refresh,
 * a refused token, a revoked grant, reconnect, logout.
 */
const address = 'soins@clinic.test';
const publicUrl = 'http://accueil.test';
const redirectUri = `${publicUrl}/api/oauth2/gmail/callback`;
const refused = new Set<string>();
let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let gmail: Awaited<ReturnType<typeof startGmailStandIn>>;
beforeAll(async () => {
  oauth = await startOAuthServer({
    clientId: 'accueil-gmail',
    clientSecret: 'accueil-gmail-secret',
    redirectUris: [redirectUri],
    scopes: GMAIL_SCOPES,
  });
  gmail = await startGmailStandIn({ address, accepts: (token) => !refused.has(token) });
});
afterAll(async () => {
  await oauth?.close();
  await gmail?.close();
});
const t = useTestApp(() => ({
  PUBLIC_URL: publicUrl,
  GOOGLE_OAUTH_CLIENT_ID: 'accueil-gmail',
  GOOGLE_OAUTH_CLIENT_SECRET: 'accueil-gmail-secret',
  GOOGLE_OAUTH_AUTHORIZATION_URL: oauth.authorizationUrl,
  GOOGLE_OAUTH_TOKEN_URL: oauth.tokenUrl,
  GOOGLE_OAUTH_REVOCATION_URL: oauth.revocationUrl,
  GMAIL_API_URL: gmail.url,
}));
holdMailboxSyncJobs(t);

let world: Awaited<ReturnType<typeof buildMailboxTeam>>;
const post = async (url: string, payload: object, headers = world.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const mail = (n: number) =>
  `From: Patient ${n} <patient@example.test>\r\nTo: ${address}\r\nSubject: Rendez-vous ${n}\r\nMessage-ID: <p${n}@example.test>\r\n\r\nBonjour ${n}\r\n`;

/** Starts the authorisation as the administrator, plays the user in the popup, and follows the provider's redirect. */
const connect = () =>
  connectWithOAuth(t, oauth, {
    provider: 'gmail',
    payload: { inboxEmail: address.toUpperCase() },
    headers: world.headers,
    account: address,
  });

describe('a team’s Gmail mailbox connected with OAuth 2', () => {
  it('says which provider hosts an address (administrators)', async () => {
    world = await buildMailboxTeam(address);
    expect((await post('/api/oauth2/type', { inboxEmail: 'a@gmail.com' })).json()).toEqual({
      provider: 'gmail',
    });
    expect((await post('/api/oauth2/type', { inboxEmail: 'a@hotmail.com' })).json()).toEqual({
      provider: 'outlook',
    });
    expect((await post('/api/oauth2/type', { inboxEmail: 'pas-une-adresse' })).statusCode).toBe(400);
    const member = await post(
      '/api/oauth2/type',
      { inboxEmail: 'a@gmail.com' },
      await signedInAs(world.member),
    );
    expect(member.statusCode).toBe(403);
  });

  it('hands the popup a PKCE link and a sealed, httpOnly cookie; only for a team e-mail of the organisation', async () => {
    const start = await post('/api/oauth2/gmail', { inboxEmail: address });
    const link = new URL(start.json<{ link: string }>().link);
    expect(link.origin + link.pathname).toBe(oauth.authorizationUrl);
    expect(link.searchParams.get('code_challenge_method')).toBe('S256');
    expect(link.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(link.searchParams.get('login_hint')).toBe(address);
    expect(link.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    const cookie = start.cookies.find((c) => c.name === 'accueil_oauth')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/oauth2', sameSite: 'Lax' });
    expect(cookie.value).not.toContain(link.searchParams.get('state'));

    expect((await post('/api/oauth2/gmail', { inboxEmail: 'autre@clinic.test' })).statusCode).toBe(404);
    expect((await post('/api/oauth2/outlook', { inboxEmail: address })).statusCode).toBe(404);
    const member = await post('/api/oauth2/gmail', { inboxEmail: address }, await signedInAs(world.member));
    expect(member.statusCode).toBe(403);
  });

  it('refuses a redirect without the cookie, with another state, or a code used twice', async () => {
    const start = await post('/api/oauth2/gmail', { inboxEmail: address });
    const cookie = start.cookies.find((c) => c.name === 'accueil_oauth')!.value;
    const callback = await oauth.authorize(start.json<{ link: string }>().link, address);
    const answer = (search: string, withCookie = true) =>
      t.app.inject({
        method: 'GET',
        url: `/api/oauth2/gmail/callback${search}`,
        headers: withCookie ? { cookie: `accueil_oauth=${cookie}` } : {},
      });
    expect((await answer(callback.search, false)).headers.location).toBe(
      '/verification/error/gmail?reason=expired',
    );
    const forged = new URLSearchParams(callback.search);
    forged.set('state', 'another-state');
    expect((await answer(`?${forged.toString()}`)).headers.location).toBe(
      '/verification/error/gmail?reason=expired',
    );
    const denied = `?error=access_denied&state=${callback.searchParams.get('state')}`;
    expect((await answer(denied)).headers.location).toBe('/verification/error/gmail?reason=denied');
    expect((await answer(callback.search)).headers.location).toBe('/verification/success');
    expect((await answer(callback.search)).headers.location).toBe(
      '/verification/error/gmail?reason=provider',
    );
  });

  it('refuses a Google account that is not the team’s address', async () => {
    const start = await post('/api/oauth2/gmail', { inboxEmail: address });
    const cookie = start.cookies.find((c) => c.name === 'accueil_oauth')!.value;
    // Another stand-in whose profile is another Google account than the team's address.
    const other = await startGmailStandIn({ address: 'quelquun@gmail.com' });
    try {
      const callback = await oauth.authorize(start.json<{ link: string }>().link, 'quelquun@gmail.com');
      const outcome = await finishMailboxOAuth(
        { ...t.deps, config: { ...t.deps.config, GMAIL_API_URL: other.url } },
        { provider: 'gmail', cookie, query: Object.fromEntries(callback.searchParams), redirectUri },
      );
      expect(outcome).toEqual({ ok: false, reason: 'mismatch' });
    } finally {
      await other.close();
    }
  });

  it('stores the grant sealed, syncs the INBOX into conversations once, and replies in the Gmail thread', async () => {
    expect(await connect()).toBe('/verification/success');
    const row = (await mailboxRowOf(world.teamId))!;
    expect(row).toMatchObject({ vendor: 'gmail', valid: true, address });
    const grant = openGrant(t.deps, row);
    expect(grant.refreshToken).toBeTruthy();
    expect(row.passwordEncrypted).toMatch(/^v1\./);
    expect(row.passwordEncrypted).not.toContain(grant.accessToken);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
    });
    expect(shown.json<Mailbox>()).toMatchObject({ provider: 'gmail', connected: true, valid: true });
    expect(shown.body).not.toContain(grant.refreshToken);

    gmail.deliver(mail(1), 'thread-1');
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 1 });
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 0 });
    const conversation = (await emailConversationOf(world.teamId, 'patient@example.test'))!;
    expect(conversation).toBeTruthy();

    const reply = await sendReply(t, world.admin, {
      provider: 'gmail',
      conversationId: conversation.id,
      fields: { inboxEmail: address, subject: '', body: 'Bien reçu' },
    });
    expect(reply.statusCode).toBe(200);
    expect(gmail.sent.at(-1)).toMatchObject({ threadId: 'thread-1' });
    expect(gmail.sent.at(-1)!.raw.toString()).toMatch(/In-Reply-To: <p1@example.test>/);
  });

  it('refreshes the access token before it expires, and after the API refused it, without disconnecting', async () => {
    const row = (await mailboxRowOf(world.teamId))!;
    const before = openGrant(t.deps, row).accessToken;
    await expireAccessToken(t.deps, row);
    gmail.deliver(mail(2));
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 1 });
    const refreshed = openGrant(t.deps, (await mailboxRowOf(world.teamId))!);
    expect(refreshed.accessToken).not.toBe(before);

    // A 401 of the API: the token is refreshed and the round tried again at once.
    gmail.failNext('/gmail/v1/users/me/history', gmailRecorded.unauthorized);
    gmail.deliver(mail(3));
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 1 });
    const after401 = (await mailboxRowOf(world.teamId))!;
    expect(after401.valid).toBe(true);
    expect(openGrant(t.deps, after401).accessToken).not.toBe(refreshed.accessToken);
    // Two 401s in a row (the token refused again after its refresh): noted, retried later, still connected.
    gmail.failNext('/gmail/v1/users/me/history', gmailRecorded.unauthorized);
    gmail.failNext('/gmail/v1/users/me/history', gmailRecorded.unauthorized);
    await expect(syncMailbox(t.deps, row.id)).rejects.toMatchObject({ kind: 'temporary' });
    expect((await mailboxRowOf(world.teamId))!.valid).toBe(true);
  });

  it('a revoked grant disconnects the team; reconnecting resumes from the cursor, nothing lost or twice', async () => {
    const row = (await mailboxRowOf(world.teamId))!;
    for (const r of gmail.requests) {
      const token = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1];
      if (token) refused.add(token);
    }
    await oauth.revokeAll();
    gmail.deliver(mail(4));
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const statusEvents = () =>
      publish.mock.calls.filter(
        ([room, event]) => room === `team:${world.teamId}` && event === 'mailbox:updated',
      );
    const memberStatus = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/teams/${world.teamId}/mailbox/status`,
          headers: await signedInAs(world.member),
        })
      ).json<MailboxStatus>();
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'disconnected' });
    const disconnected = (await mailboxRowOf(world.teamId))!;
    expect(disconnected.valid).toBe(false);
    expect(disconnected.lastError).toMatch(/^auth: invalid_grant/);
    // Every member of the team learns it at once (the disconnected dialog), and on their next load.
    expect(statusEvents().map(([, , payload]) => payload)).toEqual([
      expect.objectContaining({ teamId: world.teamId, connected: true, provider: 'gmail', valid: false }),
    ]);
    expect(await memberStatus()).toMatchObject({ connected: true, provider: 'gmail', valid: false, address });
    gmail.deliver(mail(5));

    expect(await connect()).toBe('/verification/success');
    expect(statusEvents().at(-1)?.[2]).toMatchObject({ connected: true, valid: true });
    expect(await memberStatus()).toMatchObject({ valid: true });
    publish.mockRestore();
    const reconnected = (await mailboxRowOf(world.teamId))!;
    expect(reconnected).toMatchObject({
      valid: true,
      lastError: null,
      uidValidity: disconnected.uidValidity,
    });
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 2, duplicates: 0 });
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ stored: 0 });
  });

  it('logs out: the grant is revoked at the provider and the mailbox disconnected', async () => {
    const grant = openGrant(t.deps, (await mailboxRowOf(world.teamId))!);
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const res = await post('/api/oauth2/gmail/logout', { inboxEmail: address });
    expect(res.statusCode).toBe(204);
    expect(await mailboxRowOf(world.teamId)).toBeNull();
    expect(publish).toHaveBeenCalledWith(
      `team:${world.teamId}`,
      'mailbox:updated',
      expect.objectContaining({ connected: false, valid: true, provider: null }),
    );
    publish.mockRestore();
    expect(await oauth.refresh(grant.refreshToken)).toMatchObject({ error: 'invalid_grant' });
  });

  it('a reply whose access token the API refuses is sent at once after a refresh; after a revoked grant it disconnects at the first try', async () => {
    expect(await connect()).toBe('/verification/success');
    gmail.deliver(mail(6), 'thread-6');
    const row = (await mailboxRowOf(world.teamId))!;
    await syncMailbox(t.deps, row.id);
    const conversation = (await emailConversationOf(world.teamId, 'patient@example.test'))!;
    const reply = () =>
      sendReply(t, world.admin, {
        provider: 'gmail',
        conversationId: conversation.id,
        fields: { inboxEmail: address, subject: '', body: 'Bien reçu' },
      });
    const sentBefore = gmail.sent.length;
    gmail.failNext('/gmail/v1/users/me/messages/send', gmailRecorded.unauthorized);
    expect((await reply()).statusCode).toBe(200);
    expect(gmail.sent.length).toBe(sentBefore + 1);

    for (const r of gmail.requests) {
      const token = /^Bearer (.+)$/.exec(r.headers.authorization ?? '')?.[1];
      if (token) refused.add(token);
    }
    await oauth.revokeAll();
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const refusedReply = await reply();
    expect(refusedReply.statusCode).toBe(409);
    expect(refusedReply.json()).toMatchObject({ code: 'mailbox-disconnected' });
    expect((await mailboxRowOf(world.teamId))!.valid).toBe(false);
    expect(gmail.sent.length).toBe(sentBefore + 1);
    expect(publish).toHaveBeenCalledWith(
      `team:${world.teamId}`,
      'mailbox:updated',
      expect.objectContaining({ connected: true, valid: false }),
    );
    publish.mockRestore();
  });
});
