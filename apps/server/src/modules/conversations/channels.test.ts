import type { LookupResponse, MessagePage } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { messages } from '../../db/schema/messages';
import { buildConversation, buildInbox, inboundText } from '../../test/conversation-factories';
import { useTestApp } from '../../test/test-app';
import { recordInboundText } from '../messages/index';
import { openConversationForCall } from './index';

const t = useTestApp();

// docs/behaviour/conversations.md, "Channels": a conversation is (team, channel, address).
describe('channels', () => {
  it('keeps texts and calls with one number in one phone conversation; its texts travel on sms', async () => {
    const { org, team } = await buildInbox();
    const text = inboundText({ to: team.phoneNumber! });
    const { messageId } = await recordInboundText(t.deps, text);
    const call = await openConversationForCall(t.deps, {
      organizationId: org.id,
      teamId: team.id,
      phone: text.from,
      direction: 'inbound',
    });
    const rows = await t.deps.db.select().from(conversations).where(eq(conversations.teamId, team.id));
    expect(rows.map((r) => [r.id, r.channel, r.address])).toEqual([[call.id, 'phone', text.from]]);
    const [message] = await t.deps.db.select().from(messages).where(eq(messages.id, messageId!));
    expect(message).toMatchObject({ conversationId: call.id, channel: 'sms' });
  });

  it('does not take an address of another channel for the same conversation', async () => {
    const { org, team, headers } = await buildInbox();
    const address = '+15145550123';
    // Not a real e-mail address: the identity alone (channel included) must keep them apart.
    const other = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      channel: 'email',
      address: address,
    });
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/lookup?phone=${encodeURIComponent(address)}`,
      headers,
    });
    expect(lookup.json<LookupResponse>().conversation).toBeNull();
    await recordInboundText(t.deps, inboundText({ to: team.phoneNumber!, from: address }));
    const rows = await t.deps.db.select().from(conversations).where(eq(conversations.teamId, team.id));
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'phone']);
    expect(rows.find((r) => r.channel === 'phone')!.id).not.toBe(other.id);
    expect(rows.find((r) => r.channel === 'email')!.lastSeq).toBe(0);
  });

  it('refuses a text on an e-mail conversation and a call to an e-mail address (422 address-not-phone)', async () => {
    const { org, team, headers } = await buildInbox();
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      channel: 'email',
      address: 'lea.roy@example.ca',
    });
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/messages`,
      headers,
      payload: { body: 'Bonjour' },
    });
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({ code: 'address-not-phone' });
    const stored = await t.deps.db.select().from(messages).where(eq(messages.conversationId, conv.id));
    expect(stored).toEqual([]);
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/voice/v1/calls',
      headers,
      payload: { to: 'lea.roy@example.ca' },
    });
    expect(call.statusCode).toBe(422);
    expect(call.json()).toMatchObject({ code: 'address-not-phone' });
  });

  it("answers the spec's message type from the channel: email for an e-mail, text otherwise", async () => {
    const { org, team, headers } = await buildInbox();
    const read = async (messageChannel: 'sms' | 'email') => {
      const conv = await buildConversation({
        organizationId: org.id,
        teamId: team.id,
        messageChannel,
        messageBodies: ['Bonjour'],
      });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conv.id}/messages`,
        headers,
      });
      return res.json<MessagePage>().items.map((m) => m.type);
    };
    expect(await read('sms')).toEqual(['text']);
    expect(await read('email')).toEqual(['email']);
  });
});
