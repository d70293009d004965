import type { ConversationPage, Message, MessagePage, RealtimeEvents, ViewCounts } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { messages } from '../../db/schema/messages';
import { noteMentions } from '../../db/schema/note-mentions';
import { buildConversation, buildInbox, buildTeamOfTwo } from '../../test/conversation-factories';
import { domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { authHeader, buildTeam, buildUser } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { publishedDuring as publishedInApp } from '../../test/published-during';
import { useTestApp } from '../../test/test-app';

/*
 * Internal notes and mentions (docs/behaviour/notes-and-presence.md): a note is a message of the
 * timeline that no carrier ever carries, does not reorder or reactivate the conversation, is
 * announced and caught up like a text, searchable; its mentions are the team's members only,
 * notified, listed in the Mentions view and counted until read.
 */

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

function note(headers: Record<string, string>, id: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/conversations/${id}/notes`, headers, payload });
}

/** The realtime events published while `work` runs: room, event, payload. */
const publishedDuring = (work: () => Promise<unknown>) => publishedInApp(t.deps, work);

async function teamOfTwo() {
  const inbox = await buildTeamOfTwo();
  return { ...inbox, lucHeaders: authHeader(await accessTokenFor(inbox.luc)) };
}

describe('POST /api/conversations/:id/notes', () => {
  it('writes a note in the timeline that no carrier gets, announced to the team like a text', async () => {
    const { org, team, user, headers } = await buildInbox();
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      status: 'inactive',
      messageBodies: ['Bonjour'],
    });
    const [before] = await t.deps.db.select().from(conversations).where(eq(conversations.id, conv.id));
    const send = vi.spyOn(t.deps.messaging, 'send');
    let res!: Awaited<ReturnType<typeof note>>;
    const published = await publishedDuring(async () => {
      res = await note(headers, conv.id, { body: '  Rappeler après 14 h  ' });
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<Message>();
    expect(created).toMatchObject({
      conversationId: conv.id,
      seq: 2,
      direction: 'note',
      body: 'Rappeler après 14 h',
      authorName: 'Marie Tremblay',
      status: 'delivered',
      messageSid: null,
      mentions: [],
    });
    expect(send).not.toHaveBeenCalled();
    const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, created.id));
    expect(row).toMatchObject({ carrier: 'none', carrierCallPending: false, authorUserId: user.id });

    // Not a reply: the archived conversation stays archived, unmoved, its last message the contact's.
    const [after] = await t.deps.db.select().from(conversations).where(eq(conversations.id, conv.id));
    expect(after).toMatchObject({ status: 'inactive', lastSeq: 2, version: before!.version + 1 });
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    expect(after!.lastMessageId).toBe(before!.lastMessageId);

    expect(published).toEqual([
      {
        room: `team:${team.id}`,
        event: 'message:created',
        payload: {
          message: created,
          conversation: expect.objectContaining({ id: conv.id, lastSeq: 2, version: before!.version + 1 }),
        },
      },
    ]);
    expect(await eventsOf(org.id)).toEqual([
      {
        name: 'note.created',
        actorUserId: user.id,
        payload: { conversationId: conv.id, teamId: team.id, messageId: created.id, mentions: [] },
      },
    ]);

    // Caught up like a text after a reconnect, and found by the conversation search.
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}/messages?after=1`, headers })
    ).json<MessagePage>();
    expect(page.items.map((m) => [m.seq, m.direction])).toEqual([[2, 'note']]);
    const found = (
      await t.app.inject({ method: 'GET', url: '/api/conversations?status=all&search=14 h', headers })
    ).json<ConversationPage>();
    expect(found.items.map((c) => [c.id, c.match?.messageId])).toEqual([[conv.id, created.id]]);
  });

  it('a note never reaches the sandbox carrier, before or after a text that does', async () => {
    const { org, team, headers } = await buildInbox();
    const conv = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      messageBodies: ['Bonjour'],
    });
    const send = vi.spyOn(t.deps.messaging, 'send');
    expect((await note(headers, conv.id, { body: 'note secrète' })).statusCode).toBe(201);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/messages`,
      headers,
      payload: { body: 'Bonjour, ici la clinique' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<Message>()).toMatchObject({ seq: 3, status: 'sent' });
    expect(send.mock.calls.map(([text]) => text.body)).toEqual(['Bonjour, ici la clinique']);
  });

  it('the table refuses a note with a carrier, a carrier id or a pending carrier call', async () => {
    const { org, team } = await buildInbox();
    const conv = await buildConversation({ organizationId: org.id, teamId: team.id });
    const base = {
      organizationId: org.id,
      conversationId: conv.id,
      author: 'marie',
      from: '',
      to: '',
      body: 'x',
      direction: 'note',
      status: 'delivered',
    };
    const tries = [
      { ...base, seq: 1, carrier: 'sandbox' },
      { ...base, seq: 2, carrier: 'none', carrierMessageId: 'SM1' },
      { ...base, seq: 3, carrier: 'none', carrierCallPending: true },
      { ...base, seq: 4, carrier: 'none', status: 'sending' },
    ];
    for (const values of tries) {
      const refusal = await t.deps.db
        .insert(messages)
        .values(values)
        .then(
          () => null,
          (error: Error) => error,
        );
      // Drizzle wraps the database's error: the constraint is named in its cause.
      expect(String((refusal?.cause as Error | undefined)?.message)).toContain('messages_note_no_carrier_ck');
    }
  });

  it('answers 404 for another organisation’s or team’s conversation, and 400 for an empty note', async () => {
    const { headers, org } = await buildInbox();
    const foreign = await buildConversation();
    expect((await note(headers, foreign.id, { body: 'x' })).statusCode).toBe(404);
    const otherTeam = await buildConversation({ organizationId: org.id });
    expect((await note(headers, otherTeam.id, { body: 'x' })).statusCode).toBe(404);
    const own = await buildConversation({ organizationId: org.id, teamId: (await buildInbox()).team.id });
    expect((await note(headers, own.id, { body: 'x' })).statusCode).toBe(404);
    const { conv, headers: h } = await buildTeamOfTwo();
    expect((await note(h, conv.id, { body: '   ' })).statusCode).toBe(400);
  });
});

describe('mentions', () => {
  it('notifies each mentioned member (not the author), named in the note', async () => {
    const { org, team, user, headers, luc, conv } = await teamOfTwo();
    let res!: Awaited<ReturnType<typeof note>>;
    const published = await publishedDuring(async () => {
      res = await note(headers, conv.id, {
        body: '@Luc Gagnon peux-tu rappeler ?',
        mentions: [luc.id, user.id, luc.id],
      });
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Message>().mentions).toEqual([
      { id: luc.id, name: 'Luc Gagnon' },
      { id: user.id, name: 'Marie Tremblay' },
    ]);
    const notifications = published.filter((p) => p.event === 'inbox:notification');
    expect(notifications).toEqual([
      {
        room: `user:${luc.id}`,
        event: 'inbox:notification',
        payload: {
          kind: 'mention',
          conversation: expect.objectContaining({ id: conv.id }),
          by: { id: user.id, name: 'Marie Tremblay' },
        } satisfies Partial<RealtimeEvents['inbox:notification']>,
      },
    ]);
    expect((await eventsOf(org.id)).at(-1)).toMatchObject({
      name: 'note.created',
      payload: { teamId: team.id, mentions: [luc.id] },
    });
  });

  it('refuses (422 mention-not-in-team) another team’s member or another organisation’s user, writing nothing', async () => {
    const { org, headers, conv } = await teamOfTwo();
    const otherTeam = await buildTeam({ organizationId: org.id });
    const colleague = await buildUser({ organizationId: org.id, teamIds: [otherTeam.id] });
    const stranger = (await buildInbox()).user;
    for (const id of [colleague.id, stranger.id, crypto.randomUUID()]) {
      const res = await note(headers, conv.id, { body: 'x', mentions: [id] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'mention-not-in-team', details: { userId: id } });
    }
    expect(await t.deps.db.select().from(messages).where(eq(messages.conversationId, conv.id))).toEqual([]);
    expect(await eventsOf(org.id)).toEqual([]);
  });

  it('the Mentions view lists them newest mention first; the count drops a conversation once opened', async () => {
    const { org, team, headers, luc, lucHeaders, conv } = await teamOfTwo();
    const second = await buildConversation({ organizationId: org.id, teamId: team.id });
    const quiet = await buildConversation({ organizationId: org.id, teamId: team.id });
    await note(headers, conv.id, { body: '@Luc Gagnon 1', mentions: [luc.id] });
    await note(headers, second.id, { body: '@Luc Gagnon 2', mentions: [luc.id] });
    await note(headers, quiet.id, { body: 'sans mention' });
    const view = async (h: Record<string, string>, q = '') =>
      (
        await t.app.inject({ method: 'GET', url: `/api/conversations?view=mentions${q}`, headers: h })
      ).json<ConversationPage>();
    const counts = async (h: Record<string, string>) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/conversations/view-counts', headers: h })
      ).json<ViewCounts>();

    expect((await view(lucHeaders)).items.map((c) => c.id)).toEqual([second.id, conv.id]);
    expect((await view(headers)).items).toEqual([]);
    expect((await counts(lucHeaders)).mentions).toBe(2);
    expect((await counts(headers)).mentions).toBe(0);

    // A newer mention moves the first conversation up; pages follow the same order.
    await note(headers, conv.id, { body: '@Luc Gagnon 3', mentions: [luc.id] });
    const first = await view(lucHeaders, '&limit=1');
    expect(first.items.map((c) => c.id)).toEqual([conv.id]);
    const next = await view(lucHeaders, `&limit=1&cursor=${first.nextCursor}`);
    expect(next.items.map((c) => c.id)).toEqual([second.id]);
    expect(next.nextCursor).toBeNull();
    expect((await view(lucHeaders, '&search=Gagnon 2')).items.map((c) => c.id)).toEqual([second.id]);

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/mentions/read`,
      headers: lucHeaders,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ mentions: 1 });
    expect((await counts(lucHeaders)).mentions).toBe(1);
    // Read mentions stay in the view.
    expect((await view(lucHeaders)).items.map((c) => c.id)).toEqual([conv.id, second.id]);
    const rows = await t.deps.db.select().from(noteMentions).where(eq(noteMentions.userId, luc.id));
    expect(rows.filter((r) => r.readAt !== null).map((r) => r.conversationId)).toEqual([conv.id, conv.id]);
  });

  it('lists who can be mentioned (the team’s members), and answers 404 for another organisation’s conversation', async () => {
    const { org, headers, user, luc, conv } = await teamOfTwo();
    await buildUser({ organizationId: org.id, teamIds: [(await buildTeam({ organizationId: org.id })).id] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conv.id}/mentionable`,
      headers,
    });
    expect(res.json()).toEqual([
      { id: luc.id, name: 'Luc Gagnon' },
      { id: user.id, name: 'Marie Tremblay' },
    ]);
    const foreign = await buildConversation();
    for (const url of [
      `/api/conversations/${foreign.id}/mentionable`,
      `/api/conversations/${foreign.id}/mentions/read`,
    ])
      expect(
        (await t.app.inject({ method: url.endsWith('read') ? 'POST' : 'GET', url, headers })).statusCode,
      ).toBe(404);
  });
});
