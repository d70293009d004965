import { EMAIL_ATTACHMENT_MAX_BYTES, type EmailDetails, type Message } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../app-deps';
import { CarrierError } from '../../carriers/email-channel/email-channel-carrier';
import { contactAddresses } from '../../db/schema/contact-addresses';
import { conversations } from '../../db/schema/conversations';
import {
  buildMailboxTeam,
  emailConversationOf,
  mailboxRowOf,
  sendReply,
  useMailServers,
  holdMailboxSyncJobs,
} from '../../test/email-helpers';
import { databaseOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { syncMailbox } from './sync-mailbox';

/**
 * Mail hygiene and the bad input against a real Dovecot and SMTP receiver: bounces
 * attached to the reply they answer, SPF/DKIM/DMARC kept, no automatic reply to mail (no loop
 * with an autoresponder), a 25 MB file, a grant refused in the middle of a sync.
 */
const mailbox = { user: 'hygiene@clinic.test', password: 'Mailbox-secret-3' };
const servers = useMailServers(mailbox);
const t = useTestApp({ EMAIL_CHANNEL_CARRIER: 'imap' });
holdMailboxSyncJobs(t);
afterEach(() => vi.restoreAllMocks());

let world: Awaited<ReturnType<typeof buildMailboxTeam>>;
const deliver = (raw: string | Buffer) => servers.dovecot.deliver(mailbox, raw);
const mail = (id: string, from: string, extra = '', body = 'Bonjour') =>
  `From: ${from}\r\nTo: ${mailbox.user}\r\nSubject: Sujet ${id}\r\nMessage-ID: <${id}@example.test>\r\n${extra}\r\n${body}\r\n`;
const connectMailbox = () =>
  t.app.inject({
    method: 'PUT',
    url: `/api/teams/${world.teamId}/mailbox`,
    headers: world.headers,
    payload: servers.settings(),
  });
const sync = async (deps: AppDeps = t.deps) => syncMailbox(deps, (await mailboxRowOf(world.teamId))!.id);
/** The `items` of a signed-in GET of the conversation's `emails` or `messages`. */
const itemsOf = async <T>(conversationId: string, list: 'emails' | 'messages') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}/${list}`,
      headers: world.headers,
    })
  ).json<{ items: T[] }>().items;
const emailsOf = (conversationId: string) => itemsOf<EmailDetails>(conversationId, 'emails');
const messagesOf = (conversationId: string) => itemsOf<Message>(conversationId, 'messages');
const conversationsWith = (address: string) =>
  databaseOf({})
    .select()
    .from(conversations)
    .where(and(eq(conversations.teamId, world.teamId), eq(conversations.address, address)));

describe('mail hygiene', () => {
  it('keeps what SPF, DKIM and DMARC said of each mail received', async () => {
    world = await buildMailboxTeam(mailbox.user);
    expect((await connectMailbox()).statusCode).toBe(200);
    await deliver(mail('h1', 'Anne <anne@example.test>'));
    expect(await sync()).toMatchObject({ stored: 1 });
    const conversation = (await emailConversationOf(world.teamId, 'anne@example.test'))!;
    const [details] = await emailsOf(conversation.id);
    // example.test publishes nothing: nothing to warn about, but checked.
    expect(details!.authentication).toMatchObject({ spf: expect.any(String), failing: false });
  });

  it('a bounce marks the reply it answers failed with its reason; no contact or conversation of the mailer daemon; twice changes nothing', async () => {
    const conversation = (await emailConversationOf(world.teamId, 'anne@example.test'))!;
    const reply = await sendReply(t, world.admin, {
      provider: 'imap',
      conversationId: conversation.id,
      fields: { inboxEmail: mailbox.user, subject: '', body: 'Votre rendez-vous est confirmé.' },
    });
    expect(reply.statusCode).toBe(200);
    const sentId = /^Message-ID: (<[^>]+>)/im.exec(servers.smtp.received.at(-1)!.raw)![1]!;
    const b = 'report-1';
    const bounce = `From: Mail Delivery System <MAILER-DAEMON@mx.example.test>\r\nTo: ${mailbox.user}\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <bounce-1@mx.example.test>\r\nAuto-Submitted: auto-replied\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="${b}"\r\n\r\n--${b}\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n--${b}\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.test\r\n\r\nFinal-Recipient: rfc822; anne@example.test\r\nAction: failed\r\nStatus: 5.2.2\r\nDiagnostic-Code: smtp; 552 5.2.2 Mailbox full\r\n--${b}\r\nContent-Type: message/rfc822\r\n\r\nFrom: ${mailbox.user}\r\nTo: anne@example.test\r\nSubject: Re: Sujet h1\r\nMessage-ID: ${sentId}\r\n\r\nVotre rendez-vous est confirmé.\r\n--${b}--\r\n`;
    await deliver(bounce);
    expect(await sync()).toMatchObject({ stored: 0, bounces: 1 });

    const sent = (await messagesOf(conversation.id)).find((m) => m.direction === 'outbound')!;
    expect(sent).toMatchObject({ status: 'failed', errorCode: 'email-bounced' });
    const details = (await emailsOf(conversation.id)).find((e) => e.messageId === sent.id)!;
    expect(details.deliveryError).toBe('552 5.2.2 Mailbox full');
    expect(await conversationsWith('mailer-daemon@mx.example.test')).toEqual([]);
    const daemonContacts = await databaseOf({})
      .select()
      .from(contactAddresses)
      .where(eq(contactAddresses.address, 'mailer-daemon@mx.example.test'));
    expect(daemonContacts).toEqual([]);

    // The same report again (fetched twice, or sent twice by the server): nothing more.
    await deliver(bounce);
    expect(await sync()).toMatchObject({ stored: 0, bounces: 1 });
    const again = (await messagesOf(conversation.id)).find((m) => m.id === sent.id)!;
    expect(again.version).toBe(sent.version);
    // A bounce about no mail of ours is dropped, not made a conversation.
    await deliver(bounce.replace(sentId, '<someone-else@clinic.test>').replace('bounce-1', 'bounce-2'));
    expect(await sync()).toMatchObject({ stored: 0, bounces: 0, skipped: 1 });
    expect(await conversationsWith('mailer-daemon@mx.example.test')).toEqual([]);
  });

  it('never answers mail automatically, so another autoresponder cannot loop with us', async () => {
    for (const kind of ['missed-sms', 'vacation']) {
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/automatic-replies',
        headers: world.headers,
        payload: { teamId: null, kind, enabled: true, body: 'Nous sommes fermés.' },
      });
      expect(set.statusCode).toBe(200);
    }
    const sends = vi.spyOn(t.deps.jobs, 'send');
    const before = servers.smtp.received.length;
    // The other side's autoresponder, then a person: neither gets an automatic reply from us.
    await deliver(
      mail(
        'auto-1',
        'Répondeur <robot@example.test>',
        'Auto-Submitted: auto-replied\r\nX-Autoreply: yes\r\n',
      ),
    );
    await deliver(mail('person-1', 'Paul <paul@example.test>'));
    expect(await sync()).toMatchObject({ stored: 2 });
    expect(sends.mock.calls.map(([job]) => job.name)).not.toContain('automatic-reply');
    expect(servers.smtp.received.length).toBe(before);
    const robot = (await emailConversationOf(world.teamId, 'robot@example.test'))!;
    expect(robot.contactId).toBeNull();
    expect((await emailsOf(robot.id))[0]!.automatic).toBe(true);
  });

  it('keeps a file of 25 MB, lists a larger one without keeping it', async () => {
    const b = 'files-1';
    const part = (name: string, bytes: number) =>
      `--${b}\r\nContent-Type: application/pdf; name="${name}"\r\nContent-Disposition: attachment; filename="${name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.alloc(bytes, 7).toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`;
    await deliver(
      `From: gros@example.test\r\nTo: ${mailbox.user}\r\nSubject: Dossier\r\nMessage-ID: <big-1@example.test>\r\nContent-Type: multipart/mixed; boundary="${b}"\r\n\r\n--${b}\r\nContent-Type: text/plain\r\n\r\nVoici le dossier.\r\n${part('dossier.pdf', EMAIL_ATTACHMENT_MAX_BYTES)}${part('trop.pdf', EMAIL_ATTACHMENT_MAX_BYTES + 1)}--${b}--\r\n`,
    );
    expect(await sync()).toMatchObject({ stored: 1 });
    const conversation = (await emailConversationOf(world.teamId, 'gros@example.test'))!;
    const [details] = await emailsOf(conversation.id);
    expect(details!.text).toBe('Voici le dossier.');
    expect(details!.attachments).toMatchObject([
      { filename: 'dossier.pdf', size: EMAIL_ATTACHMENT_MAX_BYTES, kept: true },
      { filename: 'trop.pdf', size: EMAIL_ATTACHMENT_MAX_BYTES + 1, kept: false },
    ]);
  }, 120_000);

  it('a grant refused in the middle of a sync: what was read is kept, the team disconnected; reconnected, the rest comes once', async () => {
    for (const n of [1, 2, 3, 4, 5]) await deliver(mail(`mid-${n}`, 'claire@example.test'));
    // The provider refuses the sign-in from the second batch of two on (a password changed, a grant revoked).
    let calls = 0;
    const real = t.deps.emailChannel;
    const revokedMidway: AppDeps = {
      ...t.deps,
      emailChannel: {
        ...real,
        fetchSince: (account, cursor) => {
          calls++;
          if (calls > 1) return Promise.reject(new CarrierError('auth', 'AUTHENTICATIONFAILED'));
          return real.fetchSince(account, cursor, 2);
        },
      },
    };
    expect(await sync(revokedMidway)).toMatchObject({ outcome: 'disconnected', stored: 2 });
    expect(await mailboxRowOf(world.teamId)).toMatchObject({ valid: false });
    expect((await emailConversationOf(world.teamId, 'claire@example.test'))!.lastSeq).toBe(2);

    expect((await connectMailbox()).statusCode).toBe(200);
    expect(await sync()).toMatchObject({ outcome: 'synced', stored: 3, duplicates: 0 });
    const subjects = (
      await emailsOf((await emailConversationOf(world.teamId, 'claire@example.test'))!.id)
    ).map((e) => e.subject);
    expect(subjects).toEqual(['Sujet mid-1', 'Sujet mid-2', 'Sujet mid-3', 'Sujet mid-4', 'Sujet mid-5']);
  });
});
