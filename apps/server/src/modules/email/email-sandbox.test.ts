import type { EmailDetails, Mailbox, Message, SandboxMail } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { teamMailboxes } from '../../db/schema/email';
import {
  buildMailboxTeam,
  emailConversationOf,
  eventually,
  mailboxRowOf,
  sendReply,
} from '../../test/email-helpers';
import { buildAdmin, databaseOf } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { syncMailbox } from './sync-mailbox';

/** The e-mail channel with the sandbox vendor: a contact writes from the sandbox mailbox, the team reads and answers. */
const t = useTestApp();
afterEach(() => vi.restoreAllMocks());

const connect = (headers: Record<string, string>, teamId: string) =>
  t.app.inject({ method: 'PUT', url: `/api/teams/${teamId}/mailbox`, headers, payload: {} });

const write = (payload: { from: string; to: string; subject: string; text: string; inReplyTo?: string }) =>
  t.app.inject({ method: 'POST', url: '/api/sandbox/mail', payload });

describe('a team’s sandbox mailbox', () => {
  it('connects with the team’s e-mail only; its administrators read it; another organisation’s team is 404', async () => {
    const world = await buildMailboxTeam();
    const res = await connect(world.headers, world.teamId);
    expect(res.statusCode).toBe(200);
    expect(res.json<Mailbox>()).toMatchObject({
      userGroupId: world.teamId,
      provider: 'sandbox',
      connected: true,
      valid: true,
      address: world.address,
      hasPassword: false,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
    });
    expect(read.json<Mailbox>().connected).toBe(true);

    const stranger = await buildAdmin();
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: await signedInAs(stranger),
    });
    expect(other.statusCode).toBe(404);
    const member = await t.app.inject({
      method: 'GET',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: await signedInAs(world.member),
    });
    expect(member.statusCode).toBe(403);
  });

  it('refuses a team without e-mail (422 team-email-missing)', async () => {
    const admin = await buildAdmin();
    const res = await connect(await signedInAs(admin), admin.currentTeamId!);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'team-email-missing' });
  });

  it('a contact’s mail becomes the team’s e-mail conversation, with a new contact, announced like a text', async () => {
    const world = await buildMailboxTeam();
    await connect(world.headers, world.teamId);
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const sent = await write({
      from: 'Jeanne@Example.test',
      to: world.address,
      subject: 'Rendez-vous',
      text: 'Bonjour, je voudrais un rendez-vous.',
    });
    expect(sent.statusCode).toBe(201);

    // The sandbox asks for a sync (the `sync-mailbox` job): the mail arrives without polling by the test.
    const conversation = await eventually(() => emailConversationOf(world.teamId, 'jeanne@example.test'));
    expect(conversation.contactId).not.toBeNull();
    expect(conversation.attributes).toMatchObject({ hasNotification: true, type: 'email' });
    const headers = await signedInAs(world.member);
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/messages`,
      headers,
    });
    expect(messages.json<{ items: Message[] }>().items).toMatchObject([
      {
        type: 'email',
        direction: 'inbound',
        from: 'jeanne@example.test',
        body: 'Bonjour, je voudrais un rendez-vous.',
      },
    ]);
    const emails = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/emails`,
      headers,
    });
    expect(emails.json<{ items: EmailDetails[] }>().items).toMatchObject([
      { subject: 'Rendez-vous', from: { address: 'jeanne@example.test' }, to: [{ address: world.address }] },
    ]);
    expect(emails.json()).toMatchObject({
      mailbox: { address: world.address, provider: 'sandbox', valid: true },
    });
    await eventually(() =>
      Promise.resolve(
        publish.mock.calls.some(
          ([room, event]) => room === `team:${world.teamId}` && event === 'message:created',
        ),
      ),
    );

    const stranger = await buildAdmin();
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/emails`,
      headers: await signedInAs(stranger),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('stores a mail fetched twice once, and a sync goes on from its cursor (nothing lost after a restart)', async () => {
    const world = await buildMailboxTeam();
    await connect(world.headers, world.teamId);
    for (const n of [1, 2])
      await write({ from: 'paul@example.test', to: world.address, subject: `Q${n}`, text: `Question ${n}` });
    const conversation = await eventually(async () => {
      const c = await emailConversationOf(world.teamId, 'paul@example.test');
      return c && c.lastSeq === 2 ? c : null;
    });
    // As after a crash before the cursor was saved: the same mails are fetched again.
    await databaseOf({})
      .update(teamMailboxes)
      .set({ lastUid: 0 })
      .where(eq(teamMailboxes.teamId, world.teamId));
    const mailbox = (await mailboxRowOf(world.teamId))!;
    const again = await syncMailbox(t.deps, mailbox.id);
    expect(again.stored).toBe(0);
    expect((await emailConversationOf(world.teamId, 'paul@example.test'))!.lastSeq).toBe(
      conversation.lastSeq,
    );
    expect((await mailboxRowOf(world.teamId))!.lastUid).toBeGreaterThan(0);
  });

  it('the inbox’s search finds e-mail conversations by subject and by body, not another team’s', async () => {
    const world = await buildMailboxTeam();
    await connect(world.headers, world.teamId);
    await write({
      from: 'rita@example.test',
      to: world.address,
      subject: 'Ordonnance renouvelée',
      text: 'Merci',
    });
    await write({
      from: 'yves@example.test',
      to: world.address,
      subject: 'Question',
      text: 'Mon audiogramme est prêt ?',
    });
    const rita = await eventually(() => emailConversationOf(world.teamId, 'rita@example.test'));
    const yves = await eventually(() => emailConversationOf(world.teamId, 'yves@example.test'));
    const search = async (term: string, headers = world.headers) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/conversations?search=${encodeURIComponent(term)}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: { id: string }[] }>().items.map((c) => c.id);
    };
    expect(await search('ORDONNANCE renouv')).toEqual([rita.id]);
    expect(await search('audiogramme')).toEqual([yves.id]);
    const stranger = await buildAdmin();
    expect(await search('Ordonnance', await signedInAs(stranger))).toEqual([]);
  });

  it('a reply goes to the contact’s mailbox in the thread, with the user’s signature and files, and is listed', async () => {
    const world = await buildMailboxTeam();
    await connect(world.headers, world.teamId);
    await write({
      from: 'luc@example.test',
      to: world.address,
      subject: 'Facture',
      text: 'Où est ma facture ?',
    });
    const conversation = await eventually(() => emailConversationOf(world.teamId, 'luc@example.test'));
    const [inbound] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/sandbox/mail?to=${encodeURIComponent(world.address)}`,
      })
    ).json<{ items: SandboxMail[] }>().items;

    const res = await sendReply(t, world.admin, {
      provider: 'sandbox',
      conversationId: conversation.id,
      fields: { inboxEmail: world.address.toUpperCase(), subject: '', body: 'La voici.' },
      files: [
        { fileName: 'facture.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 facture') },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Message>()).toMatchObject({
      type: 'email',
      direction: 'outbound',
      status: 'sent',
      to: 'luc@example.test',
    });

    const [received] = (
      await t.app.inject({ method: 'GET', url: '/api/sandbox/mail?to=luc%40example.test' })
    ).json<{ items: SandboxMail[] }>().items;
    expect(received).toMatchObject({ from: expect.stringContaining(world.address), subject: 'Re: Facture' });
    expect(received!.text).toBe('La voici.');
    const raw = (await databaseOf({}).query.sandboxMails.findFirst({
      where: (m, { eq: is }) => is(m.id, received!.id),
    }))!.raw!;
    // Long headers are folded (RFC 5322 §2.2.3).
    expect(raw.replace(/\r\n[ \t]+/g, ' ')).toContain(`In-Reply-To: ${inbound!.messageId}`);
    expect(raw).toContain('filename=facture.pdf');

    const emails = (
      await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversation.id}/emails`,
        headers: world.headers,
      })
    ).json<{ items: EmailDetails[] }>().items;
    const reply = emails.at(-1)!;
    expect(reply).toMatchObject({
      subject: 'Re: Facture',
      attachments: [{ filename: 'facture.pdf', kept: true }],
    });
    const file = await t.app.inject({
      method: 'POST',
      url: `/api/email-sync/sandbox/attachments/${reply.attachments[0]!.id}`,
      headers: world.headers,
      payload: { inboxEmail: world.address },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 facture');
    expect(file.headers['content-disposition']).toContain('facture.pdf');
    const stranger = await buildAdmin();
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/email-sync/sandbox/attachments/${reply.attachments[0]!.id}`,
      headers: await signedInAs(stranger),
      payload: { inboxEmail: world.address },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a reply whose files pass 20 MB together, and a reply without a connected mailbox', async () => {
    const world = await buildMailboxTeam();
    await connect(world.headers, world.teamId);
    await write({ from: 'eve@example.test', to: world.address, subject: 'x', text: 'y' });
    const conversation = await eventually(() => emailConversationOf(world.teamId, 'eve@example.test'));
    const big = await sendReply(t, world.admin, {
      provider: 'sandbox',
      conversationId: conversation.id,
      fields: { inboxEmail: world.address, subject: 's', body: 'b' },
      files: [
        { fileName: 'a.bin', data: Buffer.alloc(10_500_000) },
        { fileName: 'b.bin', data: Buffer.alloc(10_500_000) },
      ],
    });
    expect(big.statusCode).toBe(413);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
    });
    const none = await sendReply(t, world.admin, {
      provider: 'sandbox',
      conversationId: conversation.id,
      fields: { inboxEmail: world.address, subject: 's', body: 'b' },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'mailbox-disconnected' });
  });
});
