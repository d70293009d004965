import type { Conversation, MessagePage } from '@accueil/domain';
import { describe, expect, it, vi } from 'vitest';
import { buildContact } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { applyCarrierStatus, recordInboundText, sendMessage } from './index';
import { buildInbox, inboundText as inbound, buildConversation } from '../../test/conversation-factories';

const t = useTestApp();

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  return (await t.app.inject({ method: 'GET', url, headers })).json<T>();
}

describe('recordInboundText', () => {
  it('creates a conversation for a new number, linked to the contact, unread, and announces it', async () => {
    const { org, team, headers } = await buildInbox();
    const contact = await buildContact({ organizationId: org.id, firstName: 'Anne', lastName: 'Côté' });
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const result = await recordInboundText(t.deps, inbound({ to: team.phoneNumber!, from: contact.phone! }));
    expect(result.duplicate).toBe(false);
    expect(publish.mock.calls.filter((c) => c[0] === `team:${team.id}`).map((c) => c[1])).toEqual([
      'message:created',
    ]);
    publish.mockRestore();
    const [conv] = (await getJson<{ items: Conversation[] }>('/api/conversations', headers)).items;
    expect(conv).toMatchObject({
      friendlyName: contact.phone,
      attributes: { hasNotification: true },
      lastSeq: 1,
    });
    expect(conv!.contact?.id).toBe(contact.id);
    expect(conv!.lastMessage).toMatchObject({
      id: result.messageId,
      status: 'received',
      direction: 'inbound',
      authorName: 'Anne Côté',
    });
  });

  it('is idempotent on the carrier id', async () => {
    const { team, headers } = await buildInbox();
    const text = inbound({ to: team.phoneNumber! });
    const first = await recordInboundText(t.deps, text);
    const again = await recordInboundText(t.deps, text);
    expect(again).toEqual({ duplicate: true, messageId: first.messageId });
    const [conv] = (await getJson<{ items: Conversation[] }>('/api/conversations', headers)).items;
    const page = await getJson<MessagePage>(`/api/conversations/${conv!.id}/messages`, headers);
    expect(page.items).toHaveLength(1);
    expect(conv!.lastSeq).toBe(1);
  });

  it('stores a text delivered twice at the same time once', async () => {
    const { team, headers } = await buildInbox();
    const text = inbound({ to: team.phoneNumber! });
    const results = await Promise.all([
      recordInboundText(t.deps, text),
      recordInboundText(t.deps, text),
      recordInboundText(t.deps, text),
    ]);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const [conv] = (await getJson<{ items: Conversation[] }>('/api/conversations', headers)).items;
    expect(conv!.lastSeq).toBe(1);
    expect(
      (await getJson<MessagePage>(`/api/conversations/${conv!.id}/messages`, headers)).items,
    ).toHaveLength(1);
  });

  it('reactivates an inactive conversation and appends with the next seq', async () => {
    const { org, team, headers } = await buildInbox();
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      status: 'inactive',
      attributes: { pinned: true },
      messageBodies: ['a', 'b'],
    });
    await recordInboundText(
      t.deps,
      inbound({ to: team.phoneNumber!, from: conv.address, body: 'encore moi' }),
    );
    const after = await getJson<Conversation>(`/api/conversations/${conv.id}`, headers);
    expect(after).toMatchObject({
      status: 'active',
      lastSeq: 3,
      version: 2,
      attributes: { pinned: true, hasNotification: true },
    });
    expect(after.lastMessage).toMatchObject({ seq: 3, body: 'encore moi' });
  });

  it('refuses a number no team has', async () => {
    await expect(recordInboundText(t.deps, inbound({ to: '+15149990000' }))).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});

describe('applyCarrierStatus', () => {
  it('never moves a status backwards and announces each change', async () => {
    const { org, team, user, jwt } = await buildInbox();
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      address: '+15145550000',
    });
    const ctx = {
      organizationId: org.id,
      userId: user.id,
      sessionId: crypto.randomUUID(),
      role: 'user' as const,
      teamId: team.id,
    };
    // The landline fails at once; build a message with a carrier id by faking the carrier once.
    const send = vi
      .spyOn(t.deps.messaging, 'send')
      .mockResolvedValueOnce({ carrierMessageId: 'SMx' + crypto.randomUUID(), status: 'sent' });
    const { message } = await sendMessage(t.deps, ctx, { conversationId: conv.id, body: 'hi' });
    send.mockRestore();
    const id = message.messageSid!;
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    await applyCarrierStatus(t.deps, { carrier: 'sandbox', carrierMessageId: id, status: 'delivered' });
    await applyCarrierStatus(t.deps, { carrier: 'sandbox', carrierMessageId: id, status: 'sent' });
    await applyCarrierStatus(t.deps, {
      carrier: 'sandbox',
      carrierMessageId: id,
      status: 'failed',
      errorCode: '30003',
    });
    await applyCarrierStatus(t.deps, {
      carrier: 'sandbox',
      carrierMessageId: 'unknown',
      status: 'delivered',
    });
    expect(publish.mock.calls.filter((c) => c[0] === `team:${team.id}`).map((c) => c[1])).toEqual([
      'message:updated',
    ]);
    publish.mockRestore();
    const page = await getJson<MessagePage>(`/api/conversations/${conv.id}/messages`, {
      authorization: `Bearer ${jwt}`,
    });
    expect(page.items[0]).toMatchObject({
      status: 'delivered',
      errorCode: null,
      version: message.version + 1,
    });
  });
});
