import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { startDovecot, type DovecotUser } from '../carriers/email-channel/imap/testing/dovecot';
import type { OAuthTestServer } from '../carriers/email-channel/oauth/testing/oauth-server';
import { startSmtpStandIn } from '../carriers/email/smtp/testing/smtp-stand-in';
import { conversations } from '../db/schema/conversations';
import { teamMailboxes } from '../db/schema/email';
import { teams } from '../db/schema/teams';
import { buildAdmin, buildUser, databaseOf, type TestUser } from './factories';
import { multipartForm } from './multipart';
import { signedInAs } from './signed-in';
import type { TestApp } from './test-app';

/** An organisation's administrator whose main team has the e-mail `address` (a mailbox to connect), and a member of that team. */
export async function buildMailboxTeam(address = `team-${crypto.randomUUID().slice(0, 8)}@clinic.test`) {
  const admin = await buildAdmin({ firstName: 'Marie', lastName: 'Curie' });
  const teamId = admin.currentTeamId!;
  await databaseOf({}).update(teams).set({ email: address }).where(eq(teams.id, teamId));
  const member = await buildUser({ organizationId: admin.organizationId, teamIds: [teamId] });
  return { admin, member, teamId, address, headers: await signedInAs(admin) };
}

/** The team's mailbox row (test assertions). */
export async function mailboxRowOf(teamId: string) {
  const [row] = await databaseOf({}).select().from(teamMailboxes).where(eq(teamMailboxes.teamId, teamId));
  return row ?? null;
}

/** The team's live e-mail conversation with `address`, or null. */
export async function emailConversationOf(teamId: string, address: string) {
  const [row] = await databaseOf({})
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.teamId, teamId),
        eq(conversations.channel, 'email'),
        eq(conversations.address, address),
      ),
    );
  return row ?? null;
}

/** Waits (polling every 100 ms, at most `ms`) until `check` answers something truthy; answers it. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The team's sandbox mailbox connected (`PUT /api/teams/:id/mailbox` as its administrator), then
 * a contact's mail `from` → the team, and the e-mail conversation it became.
 */
export async function sandboxConversationFrom(
  t: TestApp,
  world: { teamId: string; address: string; headers: Record<string, string> },
  from: string,
  mail: { subject: string; text: string },
) {
  await t.app.inject({
    method: 'PUT',
    url: `/api/teams/${world.teamId}/mailbox`,
    headers: world.headers,
    payload: {},
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/mail',
    payload: { from, to: world.address, ...mail },
  });
  return eventually(() => emailConversationOf(world.teamId, from));
}

/** `POST /api/email-sync/:provider/send/:id` as `user`, with the form's fields and files. */
export async function sendReply(
  t: TestApp,
  user: TestUser,
  input: {
    provider: string;
    conversationId: string;
    fields: Record<string, string>;
    files?: { fileName: string; contentType?: string; data: Buffer }[];
  },
) {
  const form = multipartForm(
    input.fields,
    (input.files ?? []).map((f) => ({ field: 'attachments', ...f })),
  );
  const request: InjectOptions = {
    method: 'POST',
    url: `/api/email-sync/${input.provider}/send/${input.conversationId}`,
    headers: { ...(await signedInAs(user)), ...form.headers },
    payload: form.payload,
  };
  return t.app.inject(request);
}

/**
 * Connects a team's mailbox through the spec's OAuth flow without a browser:
 * `POST /api/oauth2/:provider` with `payload` as the administrator (`headers`), the user played
 * in the popup as `account` at the test's OAuth server, then the provider's redirect followed
 * with the sealed cookie. Answers where the callback sends the popup
 * (`/verification/success` or `/verification/error/:provider?reason=`).
 */
export async function connectWithOAuth(
  t: TestApp,
  oauth: OAuthTestServer,
  input: { provider: string; payload: object; headers: Record<string, string>; account: string },
): Promise<string> {
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/oauth2/${input.provider}`,
    headers: input.headers,
    payload: input.payload,
  });
  expect(start.statusCode).toBe(200);
  const cookie = start.cookies.find((c) => c.name === 'accueil_oauth')!;
  const callback = await oauth.authorize(start.json<{ link: string }>().link, input.account);
  const done = await t.app.inject({
    method: 'GET',
    url: `/api/oauth2/${input.provider}/callback${callback.search}`,
    headers: { cookie: `accueil_oauth=${cookie.value}` },
  });
  expect(done.statusCode).toBe(302);
  return done.headers.location as string;
}

/** The body of `PUT /api/teams/:id/mailbox` (less the password) for a Dovecot and an SMTP receiver on 127.0.0.1, plain connections. */
export function localMailServers(imapPort: number, smtpPort: number, username: string) {
  return {
    imapHost: '127.0.0.1',
    imapPort,
    imapSecure: false,
    smtpHost: '127.0.0.1',
    smtpPort,
    smtpSecure: false,
    username,
  };
}

/**
 * A real Dovecot (IMAP) and a local SMTP receiver for `user`, started before the file's tests
 * and stopped after them; `settings()` is the body of `PUT /api/teams/:id/mailbox` that
 * connects them (plain connections on 127.0.0.1).
 */
export function useMailServers(user: DovecotUser) {
  const servers = {
    dovecot: undefined as unknown as Awaited<ReturnType<typeof startDovecot>>,
    smtp: undefined as unknown as Awaited<ReturnType<typeof startSmtpStandIn>>,
    settings: (password = user.password) => ({
      ...localMailServers(servers.dovecot.port, servers.smtp.port, user.user),
      password,
    }),
  };
  beforeAll(async () => {
    servers.dovecot = await startDovecot([user]);
    servers.smtp = await startSmtpStandIn({ user: user.user, password: user.password });
  });
  afterAll(async () => {
    await servers.dovecot?.close();
    await servers.smtp?.close();
  });
  return servers;
}

/**
 * For test files that drive `syncMailbox` themselves: the `sync-mailbox` jobs that connecting a
 * mailbox asks for are not queued (answered as sent), so no background run races the test's own
 * syncs (the same mails stored by the other run: right, but not counted where the test looks).
 * Other jobs go to the queue as usual.
 */
export function holdMailboxSyncJobs(t: TestApp): void {
  beforeEach(() => {
    const sendOnce = t.deps.jobs.sendOnce.bind(t.deps.jobs);
    const spy = vi
      .spyOn(t.deps.jobs, 'sendOnce')
      .mockImplementation((job, payload, key) =>
        job.name === 'sync-mailbox' ? Promise.resolve(true) : sendOnce(job, payload, key),
      );
    return () => spy.mockRestore();
  });
}
