import type { Conversation, Message, MessagePage } from '@accueil/domain';
import { describe, expect, it, vi } from 'vitest';
import { buildContact } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { buildInbox, buildConversation } from '../../test/conversation-factories';

const t = useTestApp();

describe('GET /api/conversations/:id/messages', () => {
  it('pages 15 at a time, oldest first, with before and after', async () => {
    const { org, team, headers } = await buildInbox();
    const bodies = Array.from({ length: 20 }, (_, i) => `m${i + 1}`);
    const conv = await buildConversation({ organizationId: org.id, teamId: team.id, messageBodies: bodies });
    const get = async (q: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}/messages${q}`, headers })
      ).json<MessagePage>();
    const first = await get('');
    expect(first.items.map((m) => m.seq)).toEqual(Array.from({ length: 15 }, (_, i) => i + 6));
    expect(first.hasMore).toBe(true);
    const older = await get('?before=6&limit=15');
    expect(older.items.map((m) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.hasMore).toBe(false);
    const newer = await get('?after=17&limit=2');
    expect(newer.items.map((m) => m.seq)).toEqual([18, 19]);
    expect(newer.hasMore).toBe(true);
  });
});

describe('POST /api/conversations', () => {
  it('strips whitespace, links the contact, and refuses an invalid number', async () => {
    const { org, headers } = await buildInbox();
    const contact = await buildContact({
      organizationId: org.id,
      phone: '+15145557788',
      firstName: 'Luc',
      lastName: 'Roy',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers,
      payload: { to: ' 514 555 77 88 ', attributes: { pinned: true } },
    });
    expect(res.statusCode).toBe(201);
    const conv = res.json<Conversation>();
    expect(conv).toMatchObject({
      friendlyName: '+15145557788',
      status: 'active',
      attributes: { pinned: true },
      lastMessage: null,
    });
    expect(conv.contact).toMatchObject({ id: contact.id, fullname: 'Luc Roy' });

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers,
      payload: { to: '12ab' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'phone-invalid' });
    expect(invalid.json<{ message: string }>().message).toContain('12ab');
  });

  it('looks up what exists for a number', async () => {
    const { org, team, headers } = await buildInbox();
    const contact = await buildContact({ organizationId: org.id, phone: '+15145559900' });
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      address: '+15145559900',
    });
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/lookup?phone=${encodeURIComponent('(514) 555-9900')}`,
      headers,
    });
    expect(found.json()).toMatchObject({
      phone: '+15145559900',
      conversation: { id: conv.id },
      contact: { id: contact.id },
    });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/lookup?phone=5145559901',
      headers,
    });
    expect(none.json()).toEqual({ phone: '+15145559901', conversation: null, contact: null });
    const invalid = await t.app.inject({ method: 'GET', url: '/api/conversations/lookup?phone=12', headers });
    expect(invalid.json()).toEqual({ phone: null, conversation: null, contact: null });
  });

  it('answers 409 with the id of an existing or archived conversation', async () => {
    const { org, team, headers } = await buildInbox();
    const active = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      address: '+15145551111',
    });
    const archived = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      address: '+15145552222',
      status: 'inactive',
    });
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers,
      payload: { to: '+1 514 555 1111' },
    });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({ code: 'conversation-exists', details: { conversationId: active.id } });
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers,
      payload: { to: '5145552222' },
    });
    expect(two.statusCode).toBe(409);
    expect(two.json()).toMatchObject({
      code: 'conversation-archived',
      details: { conversationId: archived.id },
    });
  });

  it('sends the first message when a body is given', async () => {
    const { headers, user, team } = await buildInbox();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers,
      payload: { to: '+15145553344', body: 'Bonjour' },
    });
    expect(res.statusCode).toBe(201);
    const conv = res.json<Conversation>();
    expect(conv.lastSeq).toBe(1);
    expect(conv.lastMessage).toMatchObject({
      body: 'Bonjour',
      seq: 1,
      status: 'sent',
      direction: 'outbound',
      author: user.username,
      from: team.phoneNumber,
      to: '+15145553344',
    });
  });
});

describe('PUT /api/conversations/:id', () => {
  it('pins, marks read and archives; only a status change moves updatedAt', async () => {
    const { org, team, headers } = await buildInbox();
    const seeded = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      attributes: { hasNotification: true },
      updatedAt: new Date('2025-01-01T00:00:00Z'),
    });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/conversations/${seeded.id}`, headers, payload });
    const publish = vi.spyOn(t.deps.realtime, 'publish');

    const pinned = (await put({ attributes: { pinned: true } })).json<Conversation>();
    expect(pinned.attributes).toEqual({ hasNotification: true, pinned: true });
    expect(pinned.version).toBe(2);
    expect(pinned.updatedAt).toBe('2025-01-01T00:00:00.000Z');
    const read = (await put({ attributes: { hasNotification: false } })).json<Conversation>();
    expect(read.attributes).toEqual({ hasNotification: false, pinned: true });
    expect(read.version).toBe(3);
    const same = (await put({ attributes: { hasNotification: false } })).json<Conversation>();
    expect(same.version).toBe(3);
    const archived = (await put({ status: 'inactive' })).json<Conversation>();
    expect(archived).toMatchObject({ status: 'inactive', version: 4 });
    expect(archived.updatedAt).not.toBe('2025-01-01T00:00:00.000Z');

    // Only this team's room: a delayed 'delivered' of an earlier test may be published meanwhile.
    const mine = publish.mock.calls.filter((c) => c[0] === `team:${team.id}`);
    expect(mine.map((c) => c[1])).toEqual(Array(3).fill('conversation:updated'));
    expect((await put({})).statusCode).toBe(400);
    publish.mockRestore();
  });
});

describe('POST /api/conversations/:id/messages', () => {
  it('sends through the sandbox: sending, then sent, then delivered', async () => {
    const { org, team, user, headers } = await buildInbox();
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      status: 'inactive',
      messageBodies: ['allo'],
    });
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/messages`,
      headers,
      payload: { body: '  Votre rendez-vous est confirmé  ' },
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json<Message>();
    expect(sent).toMatchObject({
      seq: 2,
      status: 'sent',
      body: 'Votre rendez-vous est confirmé',
      author: user.username,
      authorName: 'Marie Tremblay',
      from: team.phoneNumber,
      to: conv.address,
    });
    expect(sent.messageSid).toBeTruthy();
    const mine = publish.mock.calls.filter((c) => c[0] === `team:${team.id}`);
    expect(mine.map((c) => c[1]).slice(0, 2)).toEqual(['message:created', 'message:updated']);
    const created = mine[0]![2] as { message: Message; conversation: Conversation };
    expect(created.message.status).toBe('sending');
    // The conversation as the message left it: reactivated, pointing at it, one version up.
    expect(created.conversation).toMatchObject({
      id: conv.id,
      status: 'active',
      lastSeq: 2,
      lastMessage: { id: sent.id, status: 'sending' },
    });

    await vi.waitFor(
      async () => {
        const page = (
          await t.app.inject({
            method: 'GET',
            url: `/api/conversations/${conv.id}/messages?after=1`,
            headers,
          })
        ).json<MessagePage>();
        expect(page.items[0]).toMatchObject({ id: sent.id, status: 'delivered' });
      },
      { timeout: 5000, interval: 100 },
    );
    publish.mockRestore();
    const phone = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/messages?number=${encodeURIComponent(conv.address)}`,
    });
    expect(phone.json<{ items: { body: string }[] }>().items.map((m) => m.body)).toContain(
      'Votre rendez-vous est confirmé',
    );
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers })
    ).json<Conversation>();
    expect(after).toMatchObject({ status: 'active', lastSeq: 2 });
  });

  it('stores a landline failure with the carrier code, and refuses anonymous numbers', async () => {
    const { org, team, headers } = await buildInbox();
    const landline = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      address: '+15145550000',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${landline.id}/messages`,
      headers,
      payload: { body: 'hi' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'failed', errorCode: '30006', messageSid: null });

    const anonymous = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      address: 'anonymous',
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${anonymous.id}/messages`,
      headers,
      payload: { body: 'hi' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'message-not-sendable' });
    const untouched = (
      await t.app.inject({ method: 'GET', url: `/api/conversations/${anonymous.id}`, headers })
    ).json<Conversation>();
    expect(untouched.lastSeq).toBe(0);
  });

  it('gives concurrent sends distinct consecutive seqs', async () => {
    const { org, team, headers } = await buildInbox();
    const conv = await buildConversation({ organizationId: org.id, teamId: team.id });
    const sends = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/conversations/${conv.id}/messages`,
          headers,
          payload: { body: `n${i}` },
        }),
      ),
    );
    expect(sends.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(sends.map((r) => r.json<Message>().seq).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
