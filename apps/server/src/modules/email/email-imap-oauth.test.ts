import type { Mailbox, MailboxStatus } from '@accueil/domain';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDovecot } from '../../carriers/email-channel/imap/testing/dovecot';
import { startOAuthServer } from '../../carriers/email-channel/oauth/testing/oauth-server';
import { startSmtpStandIn } from '../../carriers/email/smtp/testing/smtp-stand-in';
import { teamMailboxes } from '../../db/schema/email';
import {
  buildMailboxTeam,
  connectWithOAuth,
  emailConversationOf,
  eventually,
  holdMailboxSyncJobs,
  localMailServers,
  mailboxRowOf,
  sendReply,
} from '../../test/email-helpers';
import { databaseOf } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { liveMailboxAccount, openGrant, sealGrant } from './mailbox-grant';
import { syncMailbox } from './sync-mailbox';
import { eq } from 'drizzle-orm';

/**
 * An IMAP mailbox signed in with OAuth 2 (XOAUTH2) instead of a password, against real servers:
 * an OAuth 2 / OpenID Connect server (oidc-provider, found by discovery) standing in for the
 * IMAP host's, Dovecot with its `oauth2` passdb asking that server's introspection endpoint
 * (RFC 7662), and an SMTP receiver taking XOAUTH2 the same way. Connect through the popup's
 * flow, sync, reply, a token refreshed before it expires, a refused token, a revoked grant,
 * logout; password mailboxes as before.
 */
const mailbox = { user: 'soins@clinic.test', password: 'Mailbox-secret-1' };
const publicUrl = 'http://accueil.test';
const redirectUri = `${publicUrl}/api/oauth2/imap/callback`;
let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let dovecot: Awaited<ReturnType<typeof startDovecot>>;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
beforeAll(async () => {
  oauth = await startOAuthServer({
    clientId: 'accueil-imap',
    clientSecret: 'accueil-imap-secret',
    redirectUris: [redirectUri],
    scopes: ['email'],
  });
  dovecot = await startDovecot([mailbox], {
    oauth2: { introspectionUrl: oauth.introspection.urlWithCredentials },
  });
  smtp = await startSmtpStandIn({
    user: mailbox.user,
    password: mailbox.password,
    accessTokenOwner: (token) => oauth.introspect(token),
  });
});
afterAll(async () => {
  await dovecot?.close();
  await smtp?.close();
  await oauth?.close();
});
const t = useTestApp(() => ({
  PUBLIC_URL: publicUrl,
  EMAIL_CHANNEL_CARRIER: 'imap',
  IMAP_OAUTH_ISSUER: oauth.issuer,
  IMAP_OAUTH_CLIENT_ID: 'accueil-imap',
  IMAP_OAUTH_CLIENT_SECRET: 'accueil-imap-secret',
}));
holdMailboxSyncJobs(t);

let world: Awaited<ReturnType<typeof buildMailboxTeam>>;
const post = async (url: string, payload: object, headers = world.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const servers = () => localMailServers(dovecot.port, smtp.port, mailbox.user);
const mail = (n: number) =>
  `From: Patient ${n} <patient@example.test>\r\nTo: ${mailbox.user}\r\nSubject: Rendez-vous ${n}\r\nMessage-ID: <x${n}@example.test>\r\n\r\nBonjour ${n}\r\n`;
const rowNow = async () => (await mailboxRowOf(world.teamId))!;

/** Starts the authorisation with the servers, plays the user in the popup as `account`, and follows the redirect. */
const connect = (account = mailbox.user) =>
  connectWithOAuth(t, oauth, {
    provider: 'imap',
    payload: { inboxEmail: mailbox.user, ...servers() },
    headers: world.headers,
    account,
  });

describe('an IMAP mailbox signed in with OAuth 2 (XOAUTH2)', () => {
  it('is offered beside the password, and its authorisation needs the servers', async () => {
    world = await buildMailboxTeam(mailbox.user);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
    });
    expect(shown.json<Mailbox>()).toMatchObject({
      provider: 'imap',
      connected: false,
      authMethod: 'password',
      authMethods: ['password', 'oauth2'],
    });
    const missing = await post('/api/oauth2/imap', { inboxEmail: mailbox.user, imapHost: '127.0.0.1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation-failed',
      details: { fields: ['imapPort', 'smtpHost', 'smtpPort', 'username'] },
    });
    // Gmail is not configured here; a member may not start it.
    expect((await post('/api/oauth2/gmail', { inboxEmail: mailbox.user })).statusCode).toBe(404);
    const member = await post(
      '/api/oauth2/imap',
      { inboxEmail: mailbox.user, ...servers() },
      await signedInAs(world.member),
    );
    expect(member.statusCode).toBe(403);

    const start = await post('/api/oauth2/imap', { inboxEmail: mailbox.user, ...servers() });
    const link = new URL(start.json<{ link: string }>().link);
    // Found by discovery: the issuer's own authorisation endpoint, PKCE, a refresh token asked for.
    expect(link.origin + link.pathname).toBe(oauth.authorizationUrl);
    expect(link.searchParams.get('code_challenge_method')).toBe('S256');
    expect(link.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(link.searchParams.get('scope')).toBe('openid email offline_access');
    expect(link.searchParams.get('prompt')).toBe('consent');
    // The servers travel sealed in the cookie, not in the link.
    expect(link.href).not.toContain(String(dovecot.port));
  });

  it('an account the mail servers do not let in is refused, nothing stored', async () => {
    expect(await connect('quelqu-un@ailleurs.test')).toBe('/verification/error/imap?reason=mailbox');
    expect(await mailboxRowOf(world.teamId)).toBeNull();
  });

  it('connects through the popup, syncs a mail from Dovecot and replies through SMTP, both with XOAUTH2', async () => {
    expect(await connect()).toBe('/verification/success');
    const row = await rowNow();
    expect(row).toMatchObject({
      vendor: 'imap',
      authMethod: 'oauth2',
      valid: true,
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      smtpPort: smtp.port,
      username: mailbox.user,
    });
    const grant = openGrant(t.deps, row);
    expect(grant.refreshToken).toBeTruthy();
    expect(row.passwordEncrypted).not.toContain(grant.accessToken);
    // Dovecot lets the token in as the mailbox's user: the token is really what signs in.
    expect(await oauth.introspect(grant.accessToken)).toBe(mailbox.user);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
    });
    expect(shown.json<Mailbox>()).toMatchObject({
      connected: true,
      valid: true,
      authMethod: 'oauth2',
      hasPassword: false,
    });
    expect(shown.body).not.toContain(grant.refreshToken);

    await dovecot.deliver(mailbox, mail(1));
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 1 });
    const conversation = (await emailConversationOf(world.teamId, 'patient@example.test'))!;
    expect(conversation).toBeTruthy();

    const reply = await sendReply(t, world.admin, {
      provider: 'imap',
      conversationId: conversation.id,
      fields: { inboxEmail: mailbox.user, subject: '', body: 'Bien reçu' },
    });
    expect(reply.statusCode).toBe(200);
    const sent = await simpleParser(smtp.received.at(-1)!.raw);
    expect(sent.inReplyTo).toBe('<x1@example.test>');
    expect(sent.text).toContain('Bien reçu');
  });

  it('watches the INBOX with IDLE signed in with XOAUTH2: a delivered mail is announced', async () => {
    const account = await liveMailboxAccount(t.deps, await rowNow());
    expect(account).toMatchObject({ user: mailbox.user, accessToken: expect.any(String) });
    expect(account.password).toBeUndefined();
    let announced = 0;
    const watch = await t.deps.emailChannel.watch(account, { onNewMail: () => announced++ });
    try {
      await dovecot.deliver(mailbox, mail(10));
      await eventually(() => Promise.resolve(announced > 0));
    } finally {
      await watch.close();
    }
    expect(await syncMailbox(t.deps, (await rowNow()).id)).toMatchObject({ stored: 1 });
  });

  it('an access token that expires within five minutes is refreshed before it is used', async () => {
    const row = await rowNow();
    const old = openGrant(t.deps, row);
    await databaseOf({})
      .update(teamMailboxes)
      .set({ passwordEncrypted: sealGrant(t.deps, row.teamId, { ...old, expiresAt: Date.now() + 60_000 }) })
      .where(eq(teamMailboxes.id, row.id));
    const fetchSince = vi.spyOn(t.deps.emailChannel, 'fetchSince');
    await dovecot.deliver(mailbox, mail(2));
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 1 });
    // One round, with the new token: the old one was never sent to Dovecot.
    expect(fetchSince).toHaveBeenCalledTimes(1);
    const refreshed = openGrant(t.deps, await rowNow());
    expect(fetchSince.mock.calls[0]![0].accessToken).toBe(refreshed.accessToken);
    expect(refreshed.accessToken).not.toBe(old.accessToken);
    expect(refreshed.expiresAt).toBeGreaterThan(Date.now() + 5 * 60_000);
    fetchSince.mockRestore();
  });

  it('a token the servers refuse is refreshed and the round tried again at once, still connected', async () => {
    const before = openGrant(t.deps, await rowNow()).accessToken;
    await oauth.revokeAccessToken(before);
    await dovecot.deliver(mailbox, mail(3));
    const row = await rowNow();
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 1 });
    const after = await rowNow();
    expect(after.valid).toBe(true);
    expect(openGrant(t.deps, after).accessToken).not.toBe(before);

    // A reply whose token SMTP refuses: refreshed and sent at once.
    await oauth.revokeAccessToken(openGrant(t.deps, after).accessToken);
    const conversation = (await emailConversationOf(world.teamId, 'patient@example.test'))!;
    const count = smtp.received.length;
    const reply = await sendReply(t, world.admin, {
      provider: 'imap',
      conversationId: conversation.id,
      fields: { inboxEmail: mailbox.user, subject: '', body: 'Encore reçu' },
    });
    expect(reply.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(count + 1);
    expect((await rowNow()).valid).toBe(true);
  });

  it('a revoked grant disconnects the mailbox like the others; reconnecting resumes from the cursor', async () => {
    const row = await rowNow();
    await oauth.revokeAll();
    await dovecot.deliver(mailbox, mail(4));
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'disconnected' });
    const disconnected = await rowNow();
    expect(disconnected.valid).toBe(false);
    expect(disconnected.lastError).toMatch(/^auth: invalid_grant/);
    expect(publish).toHaveBeenCalledWith(
      `team:${world.teamId}`,
      'mailbox:updated',
      expect.objectContaining({ connected: true, provider: 'imap', valid: false }),
    );
    publish.mockRestore();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${world.teamId}/mailbox/status`,
      headers: await signedInAs(world.member),
    });
    expect(status.json<MailboxStatus>()).toMatchObject({ connected: true, valid: false });
    const conversation = (await emailConversationOf(world.teamId, 'patient@example.test'))!;
    const refused = await sendReply(t, world.admin, {
      provider: 'imap',
      conversationId: conversation.id,
      fields: { inboxEmail: mailbox.user, subject: '', body: 'Perdu ?' },
    });
    expect(refused.statusCode).toBe(409);

    expect(await connect()).toBe('/verification/success');
    const reconnected = await rowNow();
    expect(reconnected).toMatchObject({
      valid: true,
      lastError: null,
      uidValidity: disconnected.uidValidity,
    });
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 1, duplicates: 0 });
  });

  it('logs out: the grant is revoked at the discovered endpoint and the mailbox disconnected', async () => {
    const grant = openGrant(t.deps, await rowNow());
    const res = await post('/api/oauth2/imap/logout', { inboxEmail: mailbox.user });
    expect(res.statusCode).toBe(204);
    expect(await mailboxRowOf(world.teamId)).toBeNull();
    expect(await oauth.refresh(grant.refreshToken)).toMatchObject({ error: 'invalid_grant' });
  });

  it('disconnecting the mailbox ("don\'t ask again") revokes its grant too', async () => {
    expect(await connect()).toBe('/verification/success');
    const grant = openGrant(t.deps, await rowNow());
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await mailboxRowOf(world.teamId)).toBeNull();
    expect(await oauth.refresh(grant.refreshToken)).toMatchObject({ error: 'invalid_grant' });
  });

  it('a password mailbox on the same servers is as before, and connecting one replaces the grant', async () => {
    expect(await connect()).toBe('/verification/success');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
      payload: { ...servers(), password: mailbox.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Mailbox>()).toMatchObject({ authMethod: 'password', hasPassword: true, valid: true });
    const row = await rowNow();
    expect(row.authMethod).toBe('password');
    await dovecot.deliver(mailbox, mail(5));
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 1 });
    // The password is kept when connecting again without it, as before.
    const { username, ...rest } = servers();
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
      payload: { ...rest, username },
    });
    expect(again.statusCode).toBe(200);
  });
});
