import type { Conversation, Message, MessagePage } from '@accueil/domain';
import type { InboundText } from '../../carriers/messaging/messaging-carrier';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { buildContact, randomPhoneNumber } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { presentContact } from '../contacts/index';
import { recordInboundText } from './index';
import { buildInbox, inboundText as inbound, buildConversation } from '../../test/conversation-factories';
import { asAnnounced } from '../../test/announced-conversation';

/** The single-statement inbound write: same rows and announcements as the REST views. */
const t = useTestApp();

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  return (await t.app.inject({ method: 'GET', url, headers })).json<T>();
}

/** Records `text` and returns what was announced to the team's room, by event. */
async function recordAndCapture(teamId: string, text: InboundText) {
  const publish = vi.spyOn(t.deps.realtime, 'publish');
  try {
    const result = await recordInboundText(t.deps, text);
    const mine = publish.mock.calls.filter((c) => c[0] === `team:${teamId}`);
    const message = (mine.find((c) => c[1] === 'message:created')?.[2] as { message: Message } | undefined)
      ?.message;
    const conversation = (
      mine.find((c) => c[1] === 'message:created')?.[2] as { conversation: Conversation } | undefined
    )?.conversation;
    return { result, message, conversation, events: mine.length };
  } finally {
    publish.mockRestore();
  }
}

describe('inbound statement', () => {
  it('announces exactly what the REST views then show (new and existing conversation)', async () => {
    const { org, team, headers } = await buildInbox();
    const contact = await buildContact({ organizationId: org.id, firstName: 'Léa', lastName: 'Roy' });
    for (const body of ['premier', 'deuxième']) {
      const { message, conversation } = await recordAndCapture(
        team.id,
        inbound({
          to: team.phoneNumber!,
          from: contact.phone!,
          body,
          media: [{ url: 'https://x.test/a.jpg', contentType: 'image/jpeg' }],
        }),
      );
      expect(conversation).toEqual(
        asAnnounced(await getJson<Conversation>(`/api/conversations/${conversation!.id}`, headers)),
      );
      const page = await getJson<MessagePage>(`/api/conversations/${conversation!.id}/messages`, headers);
      expect(page.items.find((m) => m.id === message!.id)).toEqual(message);
      expect(conversation!.lastMessage).toEqual(message);
    }
  });

  it('names the author as presentContact does, whitespace of every kind trimmed, or null when the name is blank', async () => {
    const { org, team } = await buildInbox();
    const spaced = await buildContact({
      organizationId: org.id,
      firstName: '\u00a0\t',
      lastName: 'Côté\u3000\ufeff',
    });
    const blank = await buildContact({ organizationId: org.id, firstName: ' ', lastName: '\u2003' });
    const a = await recordAndCapture(team.id, inbound({ to: team.phoneNumber!, from: spaced.phone! }));
    expect(a.message!.authorName).toBe(presentContact(spaced).fullname);
    expect(a.message!.authorName).toBe('Côté');
    const b = await recordAndCapture(team.id, inbound({ to: team.phoneNumber!, from: blank.phone! }));
    expect(b.message!.authorName).toBeNull();
  });

  it('keeps the contact a conversation is linked to, and names the author from the oldest contact with that phone', async () => {
    const { org, team, headers } = await buildInbox();
    const phone = randomPhoneNumber();
    const linked = await buildContact({ organizationId: org.id, firstName: 'Lié', lastName: 'Manuellement' });
    const oldest = await buildContact({
      organizationId: org.id,
      phone,
      firstName: 'Ancien',
      lastName: 'Contact',
      createdAt: new Date(Date.now() - 60_000),
    });
    // A contact linked to the oldest shares its phone (a phone is unique among main contacts).
    await buildContact({
      organizationId: org.id,
      phone,
      firstName: 'Nouveau',
      lastName: 'Contact',
      linkedToId: oldest.id,
      relation: 'son',
    });
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      address: phone,
      contactId: linked.id,
    });
    const { message, conversation } = await recordAndCapture(
      team.id,
      inbound({ to: team.phoneNumber!, from: phone }),
    );
    expect(conversation!.contact?.id).toBe(linked.id);
    expect(message!.authorName).toBe(presentContact(oldest).fullname);
    expect(conversation).toEqual(
      asAnnounced(await getJson<Conversation>(`/api/conversations/${conv.id}`, headers)),
    );
  });

  it('links the oldest contact with that phone to a new conversation; none when no contact has it', async () => {
    const { org, team } = await buildInbox();
    const phone = randomPhoneNumber();
    const oldest = await buildContact({
      organizationId: org.id,
      phone,
      createdAt: new Date(Date.now() - 60_000),
    });
    await buildContact({ organizationId: org.id, phone, linkedToId: oldest.id, relation: 'daughter' });
    expect(
      (await recordAndCapture(team.id, inbound({ to: team.phoneNumber!, from: phone }))).conversation!
        .contact,
    ).toEqual(presentContact(oldest));
    const unknown = await recordAndCapture(team.id, inbound({ to: team.phoneNumber! }));
    expect(unknown.conversation!.contact).toBeNull();
    expect(unknown.message!.authorName).toBeNull();
  });

  it('writes and announces nothing for a number no team has', async () => {
    const from = randomPhoneNumber();
    // On a PostgreSQL shared with other test files, another test may hold a conversation with
    // this random number already: what counts is that this text adds none.
    const withFrom = () => t.deps.db.select().from(conversations).where(eq(conversations.address, from));
    const before = await withFrom();
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    await expect(recordInboundText(t.deps, inbound({ to: '+15149990001', from }))).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(publish).not.toHaveBeenCalled();
    publish.mockRestore();
    expect(await withFrom()).toEqual(before);
  });

  it('a retry writes nothing, announces nothing and leaves the conversation as it was', async () => {
    const { team, headers } = await buildInbox();
    const text = inbound({ to: team.phoneNumber! });
    const first = await recordAndCapture(team.id, text);
    const again = await recordAndCapture(team.id, { ...text, body: 'autre corps, même identifiant' });
    expect(again.result).toEqual({ duplicate: true, messageId: first.result.messageId });
    expect(again.events).toBe(0);
    expect(
      asAnnounced(await getJson<Conversation>(`/api/conversations/${first.conversation!.id}`, headers)),
    ).toEqual(first.conversation);
  });
});
