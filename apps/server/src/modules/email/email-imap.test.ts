import type { Mailbox, Message } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it, vi } from 'vitest';
import { contacts } from '../../db/schema/contacts';
import { emailMessages, teamMailboxes } from '../../db/schema/email';
import { messages } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import {
  buildMailboxTeam,
  emailConversationOf,
  eventually,
  holdMailboxSyncJobs,
  mailboxRowOf,
  sendReply,
  useMailServers,
} from '../../test/email-helpers';
import { CarrierError } from '../../carriers/email-channel/email-channel-carrier';
import { databaseOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { syncMailbox } from './sync-mailbox';

/** The e-mail channel against a real Dovecot (IMAP) and a local SMTP receiver: connect, sync, reply, refusals. */
const mailbox = { user: 'accueil@clinic.test', password: 'Mailbox-secret-1' };
const servers = useMailServers(mailbox);
const t = useTestApp({ EMAIL_CHANNEL_CARRIER: 'imap' });
// The tests run the sync themselves: the job a connection asks for would race them (it stored
// mails between a test's deliveries and its own sync on a loaded machine).
holdMailboxSyncJobs(t);

const settings = (password = mailbox.password) => servers.settings(password);
const mail = (id: string, from: string, subject: string, extra = '') =>
  `From: ${from}\r\nTo: ${mailbox.user}\r\nCc: copie@example.test\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.test>\r\n${extra}\r\nBonjour\r\n`;

let world: Awaited<ReturnType<typeof buildMailboxTeam>>;
const put = (payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/teams/${world.teamId}/mailbox`, headers: world.headers, payload });

describe('a team’s IMAP mailbox', () => {
  it('connects after signing in to both servers; refusals are clear; the password is stored encrypted, never answered', async () => {
    world = await buildMailboxTeam(mailbox.user);
    const missing = await put({ imapHost: '127.0.0.1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation-failed',
      details: { fields: expect.arrayContaining(['smtpHost', 'password']) },
    });
    expect((await put(settings('wrong'))).json()).toMatchObject({ code: 'mailbox-auth-failed' });
    const away = await put({ ...settings(), imapPort: 1 });
    expect(away.statusCode).toBe(502);
    expect(away.json()).toMatchObject({ code: 'mail-unavailable' });

    const res = await put(settings());
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(mailbox.password);
    expect(res.json<Mailbox>()).toMatchObject({
      provider: 'imap',
      connected: true,
      valid: true,
      hasPassword: true,
      imapPort: servers.dovecot.port,
    });
    const row = (await mailboxRowOf(world.teamId))!;
    expect(row.passwordEncrypted).toMatch(/^v1\./);
    expect(row.passwordEncrypted).not.toContain(mailbox.password);
    // Connecting again without the password keeps the stored one.
    const { password: _kept, ...withoutPassword } = settings();
    expect((await put(withoutPassword)).statusCode).toBe(200);
  });

  it('syncs the INBOX into conversations: threaded, cc kept, a mail fetched twice stored once, from the cursor', async () => {
    await servers.dovecot.deliver(mailbox, mail('a1', 'Anne <anne@example.test>', 'Première'));
    await servers.dovecot.deliver(
      mailbox,
      mail(
        'a2',
        'anne@example.test',
        'Re: Première',
        'In-Reply-To: <a1@example.test>\r\nReferences: <a1@example.test>\r\n',
      ),
    );
    // The same mail delivered twice (a new UID, the same Message-ID).
    await servers.dovecot.deliver(mailbox, mail('a2', 'anne@example.test', 'Re: Première'));
    const row = (await mailboxRowOf(world.teamId))!;
    await syncMailbox(t.deps, row.id);
    const conversation = await eventually(async () => {
      const c = await emailConversationOf(world.teamId, 'anne@example.test');
      return c && c.lastSeq === 2 ? c : null;
    });
    const emails = (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversation.id}/emails`,
        headers: world.headers,
      })
    ).json<{ items: { subject: string; cc: { address: string }[] }[] }>().items;
    expect(emails.map((e) => e.subject)).toEqual(['Première', 'Re: Première']);
    expect(emails[0]!.cc).toEqual([{ address: 'copie@example.test', name: '' }]);

    const synced = (await mailboxRowOf(world.teamId))!;
    expect(synced.lastUid).toBe(3);
    expect(synced.lastError).toBeNull();
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 0, duplicates: 0 });
  });

  it('stores a batch whole with the cursor after it, or nothing of it: a failure half way keeps nothing, the next run stores each mail once', async () => {
    const db = databaseOf({});
    const row = (await mailboxRowOf(world.teamId))!;
    const before = row.lastUid;
    await servers.dovecot.deliver(mailbox, mail('b1', 'Bruno Roy <bruno@example.test>', 'Un'));
    await servers.dovecot.deliver(mailbox, mail('b2', 'bruno@example.test', 'Deux'));
    await servers.dovecot.deliver(mailbox, mail('c1', 'Chloé <chloe@example.test>', 'Trois'));
    // A failure after the batch's contacts, conversations and messages were written, at its
    // e-mail rows: as a crash in the middle of the batch would be.
    const transaction = t.deps.db.transaction.bind(t.deps.db);
    const crash = vi.spyOn(t.deps.db, 'transaction').mockImplementation((fn, config) =>
      transaction((tx) => {
        const insert = tx.insert.bind(tx);
        tx.insert = ((table: Parameters<typeof insert>[0]) => {
          if (table === emailMessages) throw new Error('crash half way');
          return insert(table);
        }) as typeof tx.insert;
        return fn(tx);
      }, config),
    );
    await expect(syncMailbox(t.deps, row.id)).rejects.toThrow('crash half way');
    crash.mockRestore();
    expect((await mailboxRowOf(world.teamId))!.lastUid).toBe(before);
    expect(await emailConversationOf(world.teamId, 'bruno@example.test')).toBeNull();
    expect(await emailConversationOf(world.teamId, 'chloe@example.test')).toBeNull();
    const bruno = () => db.select().from(contacts).where(eq(contacts.email, 'bruno@example.test'));
    expect(await bruno()).toEqual([]);

    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 3, duplicates: 0 });
    expect((await mailboxRowOf(world.teamId))!.lastUid).toBe(before + 3);
    const conversation = (await emailConversationOf(world.teamId, 'bruno@example.test'))!;
    expect(conversation.lastSeq).toBe(2);
    const stored = await db
      .select({ seq: messages.seq, id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversation.id))
      .orderBy(messages.seq);
    expect(stored.map((m) => m.seq)).toEqual([1, 2]);
    expect(conversation.lastMessageId).toBe(stored[1]!.id);
    expect(await bruno()).toMatchObject([{ firstName: 'Bruno', lastName: 'Roy' }]);
    expect((await emailConversationOf(world.teamId, 'chloe@example.test'))!.lastSeq).toBe(1);
    // Fetched again (as after a kill before the cursor was saved): nothing stored twice.
    await db.update(teamMailboxes).set({ lastUid: before }).where(eq(teamMailboxes.id, row.id));
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ stored: 0, duplicates: 3 });
    expect((await emailConversationOf(world.teamId, 'bruno@example.test'))!.lastSeq).toBe(2);
  });

  it('replies through SMTP in the thread, signed with the user’s personalised signature', async () => {
    await databaseOf({})
      .update(users)
      .set({ signatureMode: 'personalized-signature', signature: 'Dr Curie\nClinique du Parc' })
      .where(eq(users.id, world.admin.id));
    const conversation = (await emailConversationOf(world.teamId, 'anne@example.test'))!;
    const res = await sendReply(t, world.admin, {
      provider: 'imap',
      conversationId: conversation.id,
      fields: { inboxEmail: mailbox.user, subject: '', body: 'Bien reçu.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Message>()).toMatchObject({ direction: 'outbound', status: 'sent' });
    const received = servers.smtp.received.at(-1)!;
    expect(received.to).toEqual(['anne@example.test']);
    const raw = received.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^In-Reply-To: <a2@example.test>/m);
    expect(raw).toMatch(/^References: <a1@example.test> <a2@example.test>/m);
    const parsed = await simpleParser(received.raw);
    expect(parsed.subject).toBe('Re: Première');
    expect(parsed.text).toContain('Bien reçu.\n\n-- \nDr Curie\nClinique du Parc');
  });

  it('a network failure is noted, never a disconnection; a refused sign-in disconnects the team, and replies say so', async () => {
    const row = (await mailboxRowOf(world.teamId))!;
    await databaseOf({}).update(teamMailboxes).set({ imapPort: 1 }).where(eq(teamMailboxes.id, row.id));
    await expect(syncMailbox(t.deps, row.id)).rejects.toMatchObject({ kind: 'temporary' });
    expect(await mailboxRowOf(world.teamId)).toMatchObject({
      valid: true,
      lastError: expect.stringMatching(/^temporary/),
    });

    // The provider refuses the credentials now (a changed password).
    await put(settings());
    const { encryptSecret, mailboxSecretsKey } = await import('./mailbox-secrets');
    await databaseOf({})
      .update(teamMailboxes)
      .set({
        passwordEncrypted: encryptSecret(
          mailboxSecretsKey(t.deps.config),
          'changed',
          `team-mailbox:${world.teamId}`,
        ),
      })
      .where(eq(teamMailboxes.id, row.id));
    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'disconnected' });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
    });
    expect(read.json<Mailbox>()).toMatchObject({
      connected: true,
      valid: false,
      lastError: expect.stringMatching(/^auth/),
    });
    const conversation = (await emailConversationOf(world.teamId, 'anne@example.test'))!;
    const reply = await sendReply(t, world.admin, {
      provider: 'imap',
      conversationId: conversation.id,
      fields: { inboxEmail: mailbox.user, subject: '', body: 'Encore ?' },
    });
    expect(reply.json()).toMatchObject({ code: 'mailbox-disconnected' });

    // Reconnecting resumes from the cursor: nothing fetched again.
    expect((await put(settings())).json<Mailbox>().valid).toBe(true);
    expect((await mailboxRowOf(world.teamId))!.lastUid).toBe(6);
  });

  it('a failure of the next read (fetched while a batch is recorded) keeps the batch before it; the next run goes on from its cursor', async () => {
    const row = (await mailboxRowOf(world.teamId))!;
    const before = row.lastUid;
    for (const n of [1, 2, 3])
      await servers.dovecot.deliver(mailbox, mail(`d${n}`, 'Denis <denis@example.test>', `Lot ${n}`));
    const carrier = t.deps.emailChannel;
    const fetchSince = carrier.fetchSince.bind(carrier);
    let reads = 0;
    // Batches of two; the second read fails as a dropped connection would.
    const spy = vi.spyOn(carrier, 'fetchSince').mockImplementation((account, cursor) => {
      reads++;
      if (reads === 2) return Promise.reject(new CarrierError('temporary', 'connection dropped'));
      return fetchSince(account, cursor, 2);
    });
    await expect(syncMailbox(t.deps, row.id)).rejects.toMatchObject({ kind: 'temporary' });
    expect(reads).toBe(2);
    expect(await mailboxRowOf(world.teamId)).toMatchObject({
      lastUid: before + 2,
      valid: true,
      lastError: expect.stringMatching(/^temporary/),
    });
    expect((await emailConversationOf(world.teamId, 'denis@example.test'))!.lastSeq).toBe(2);

    expect(await syncMailbox(t.deps, row.id)).toMatchObject({ outcome: 'synced', stored: 1, duplicates: 0 });
    spy.mockRestore();
    expect(await mailboxRowOf(world.teamId)).toMatchObject({ lastUid: before + 3, lastError: null });
    expect((await emailConversationOf(world.teamId, 'denis@example.test'))!.lastSeq).toBe(3);
  });
});
