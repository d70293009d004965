import type { Conversation, ConversationPage, RealtimeEvents, ViewCounts } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import {
  buildConversation,
  buildInbox,
  buildTeamOfTwo,
  inboundText,
} from '../../test/conversation-factories';
import { deliverRecordedEvents, domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { authHeader, buildTeam, buildUser } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { recordInboundText } from '../messages/index';

/*
 * Assignment (docs/behaviour/assignment.md): who may assign to whom, the version and the domain
 * event, the notification to the new assignee only, the views and their counts, auto-assign, a
 * member leaving the team, an inbound text notifying the assignee.
 */

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

/** An inbox (Marie) with a second member (Luc, signed in too) and a conversation of the team. */
async function teamOfTwo() {
  const inbox = await buildTeamOfTwo();
  return { ...inbox, lucHeaders: authHeader(await accessTokenFor(inbox.luc)) };
}

function assign(headers: Record<string, string>, id: string, userId: string | null) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/conversations/${id}/assignee`,
    headers,
    payload: { userId },
  });
}

/** The realtime events published while `work` runs: room, event, payload. */
async function publishedDuring(work: () => Promise<unknown>) {
  const spy = vi.spyOn(t.deps.realtime, 'publish');
  await work();
  const calls = spy.mock.calls.map(([room, event, payload]) => ({ room, event, payload }));
  spy.mockRestore();
  return calls;
}

/** The `inbox:notification` events published while `work` runs, with their room. */
async function notificationsDuring(work: () => Promise<unknown>) {
  return (await publishedDuring(work))
    .filter((c) => c.event === 'inbox:notification')
    .map((c) => ({ room: c.room, ...(c.payload as RealtimeEvents['inbox:notification']) }));
}

describe('PUT /api/conversations/:id/assignee', () => {
  it('assigns to a member of the team: assignee in the shape, version grows, event with from, to and by', async () => {
    const { org, user, headers, luc, conv } = await teamOfTwo();
    const res = await assign(headers, conv.id, luc.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<Conversation>();
    expect(body.assignee).toEqual({ id: luc.id, name: 'Luc Gagnon' });
    expect(body.version).toBe(conv.version + 1);
    expect(body.updatedAt).toBe(conv.updatedAt.toISOString());

    const reassigned = (await assign(headers, conv.id, user.id)).json<Conversation>();
    expect(reassigned.assignee).toEqual({ id: user.id, name: 'Marie Tremblay' });
    const unassigned = (await assign(headers, conv.id, null)).json<Conversation>();
    expect(unassigned.assignee).toBeNull();
    expect(unassigned.version).toBe(conv.version + 3);

    // Assigning to nobody again changes and records nothing.
    expect((await assign(headers, conv.id, null)).json<Conversation>().version).toBe(conv.version + 3);
    expect(await eventsOf(org.id)).toEqual([
      {
        name: 'conversation.assigned',
        actorUserId: user.id,
        payload: { conversationId: conv.id, teamId: conv.teamId, from: null, to: luc.id, reason: 'assigned' },
      },
      {
        name: 'conversation.assigned',
        actorUserId: user.id,
        payload: {
          conversationId: conv.id,
          teamId: conv.teamId,
          from: luc.id,
          to: user.id,
          reason: 'assigned',
        },
      },
      {
        name: 'conversation.assigned',
        actorUserId: user.id,
        payload: {
          conversationId: conv.id,
          teamId: conv.teamId,
          from: user.id,
          to: null,
          reason: 'assigned',
        },
      },
    ]);
    const read = await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers });
    expect(read.json<Conversation>().assignee).toBeNull();
  });

  it('refuses an assignee outside the team (another team, another organisation, no user): 422, nothing changes', async () => {
    const { org, headers, conv } = await teamOfTwo();
    const otherTeam = await buildTeam({ organizationId: org.id });
    const sibling = await buildUser({ organizationId: org.id, teamIds: [otherTeam.id] });
    const stranger = await buildUser();
    for (const userId of [sibling.id, stranger.id, crypto.randomUUID()]) {
      const res = await assign(headers, conv.id, userId);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'assignee-not-in-team' });
    }
    const read = await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers });
    expect(read.json<Conversation>()).toMatchObject({ assignee: null, version: conv.version });
    expect(await eventsOf(org.id)).toEqual([]);
  });

  it("another team's or organisation's conversation answers 404, a member of another team cannot assign", async () => {
    const { org, user, headers, conv } = await teamOfTwo();
    const otherTeam = await buildTeam({ organizationId: org.id });
    const sibling = await buildConversation({ organizationId: org.id, teamId: otherTeam.id });
    const foreign = await buildConversation();
    for (const id of [sibling.id, foreign.id, crypto.randomUUID()])
      expect((await assign(headers, id, null)).statusCode).toBe(404);
    // A member of the other team only (not of the conversation's) gets 404 on it, even assigning to a member.
    const outsider = await buildUser({ organizationId: org.id, teamIds: [otherTeam.id] });
    const res = await assign(authHeader(await accessTokenFor(outsider)), conv.id, user.id);
    expect(res.statusCode).toBe(404);
    expect(await eventsOf(org.id)).toEqual([]);
  });

  it('notifies the new assignee only, and not when they assigned themselves; the team hears conversation:updated', async () => {
    const { team, user, headers, luc, lucHeaders, conv } = await teamOfTwo();
    const published = await publishedDuring(() => assign(headers, conv.id, luc.id));
    const toLuc = published
      .filter((c) => c.event === 'inbox:notification')
      .map((c) => ({ room: c.room, ...(c.payload as RealtimeEvents['inbox:notification']) }));
    expect(toLuc).toEqual([
      expect.objectContaining({
        room: `user:${luc.id}`,
        kind: 'assigned',
        by: { id: user.id, name: 'Marie Tremblay' },
      }),
    ]);
    expect(toLuc[0]!.conversation.assignee).toEqual({ id: luc.id, name: 'Luc Gagnon' });
    // The team hears the change as any other: conversation:updated with the new version.
    expect(published.filter((c) => c.event === 'conversation:updated')).toEqual([
      {
        room: `team:${team.id}`,
        event: 'conversation:updated',
        payload: { conversation: expect.objectContaining({ id: conv.id, version: conv.version + 1 }) },
      },
    ]);
    expect(await notificationsDuring(() => assign(lucHeaders, conv.id, user.id))).toEqual([
      expect.objectContaining({ room: `user:${user.id}`, by: { id: luc.id, name: 'Luc Gagnon' } }),
    ]);
    // Taking it oneself, or unassigning: nobody is notified.
    expect(await notificationsDuring(() => assign(lucHeaders, conv.id, luc.id))).toEqual([]);
    expect(await notificationsDuring(() => assign(headers, conv.id, null))).toEqual([]);
  });
});

describe('views and counts', () => {
  it('lists mine, unassigned and all, with the counts of the active list', async () => {
    const { org, team, user, headers, luc, lucHeaders, conv } = await teamOfTwo();
    const second = await buildConversation({ organizationId: org.id, teamId: team.id });
    const third = await buildConversation({ organizationId: org.id, teamId: team.id });
    const archived = await buildConversation({ organizationId: org.id, teamId: team.id, status: 'inactive' });
    await assign(headers, conv.id, user.id);
    await assign(headers, second.id, luc.id);
    await assign(headers, archived.id, user.id);
    const ids = async (query: string, h = headers) =>
      (await t.app.inject({ method: 'GET', url: `/api/conversations?${query}`, headers: h }))
        .json<ConversationPage>()
        .items.map((c) => c.id)
        .sort();
    expect(await ids('view=mine')).toEqual([conv.id]);
    expect(await ids('view=mine', lucHeaders)).toEqual([second.id]);
    expect(await ids('view=unassigned')).toEqual([third.id]);
    expect(await ids('view=all')).toEqual([conv.id, second.id, third.id].sort());
    expect(await ids('')).toEqual([conv.id, second.id, third.id].sort());
    expect(await ids('view=mine&status=inactive')).toEqual([archived.id]);
    expect(await ids('view=mine&status=all')).toEqual([conv.id, archived.id].sort());
    const counts = async (h: Record<string, string>) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/conversations/view-counts', headers: h })
      ).json<ViewCounts>();
    expect(await counts(headers)).toEqual({ mine: 1, unassigned: 1, all: 3 });
    expect(await counts(lucHeaders)).toEqual({ mine: 1, unassigned: 1, all: 3 });
    const bad = await t.app.inject({ method: 'GET', url: '/api/conversations?view=theirs', headers });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps keyset pagination within a view', async () => {
    const { org, team, user, headers } = await buildInbox();
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await buildConversation({
        organizationId: org.id,
        teamId: team.id,
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
      await buildConversation({
        organizationId: org.id,
        teamId: team.id,
        updatedAt: new Date(Date.UTC(2026, 0, 1, 1, i)),
      });
      await assign(headers, c.id, user.id);
      mine.unshift(c.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/conversations?view=mine&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: ConversationPage = (await t.app.inject({ method: 'GET', url, headers })).json();
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(mine);
  });
});

describe('auto-assign', () => {
  async function send(headers: Record<string, string>, id: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers,
      payload: { body: 'Bonjour, ici la clinique.' },
    });
  }

  it('is off by default: a reply leaves the conversation unassigned', async () => {
    const { headers, conv } = await teamOfTwo();
    expect((await send(headers, conv.id)).statusCode).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers });
    expect(read.json<Conversation>().assignee).toBeNull();
  });

  it('when the team auto-assigns, the first member who replies becomes the assignee; a later reply changes nothing', async () => {
    const { org, team, user, headers, lucHeaders, conv } = await teamOfTwo();
    const admin = await buildUser({ organizationId: org.id, teamIds: [team.id], role: 'admin' });
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${team.id}`,
      headers: authHeader(await accessTokenFor(admin)),
      payload: { autoAssign: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ autoAssign: true });
    expect((await send(headers, conv.id)).statusCode).toBe(201);
    expect((await send(lucHeaders, conv.id)).statusCode).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers });
    expect(read.json<Conversation>().assignee).toEqual({ id: user.id, name: 'Marie Tremblay' });
    expect((await eventsOf(org.id)).filter((e) => e.name === 'conversation.assigned')).toEqual([
      {
        name: 'conversation.assigned',
        actorUserId: user.id,
        payload: { conversationId: conv.id, teamId: team.id, from: null, to: user.id, reason: 'auto' },
      },
    ]);
  });
});

describe('a member leaving the team', () => {
  it("leaves their conversations of that team unassigned (another team's stay), once", async () => {
    const { org, team, headers, luc, conv } = await teamOfTwo();
    const otherTeam = await buildTeam({ organizationId: org.id });
    const admin = await buildUser({
      organizationId: org.id,
      teamIds: [team.id, otherTeam.id],
      role: 'admin',
      administratorOf: [team.id, otherTeam.id],
    });
    const adminHeaders = authHeader(await accessTokenFor(admin));
    const add = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${otherTeam.id}/members/${luc.id}`,
      headers: adminHeaders,
      payload: { administrator: false },
    });
    expect(add.statusCode).toBe(200);
    const elsewhere = await buildConversation({ organizationId: org.id, teamId: otherTeam.id });
    await assign(headers, conv.id, luc.id);
    // Luc's conversation in the other team, which he stays in.
    await t.deps.db
      .update(conversations)
      .set({ assigneeId: luc.id })
      .where(eq(conversations.id, elsewhere.id));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${team.id}/members/${luc.id}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBeLessThan(300);
    await deliverRecordedEvents(t.deps, org.id);
    await deliverRecordedEvents(t.deps, org.id);
    const read = await t.app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers });
    expect(read.json<Conversation>()).toMatchObject({ assignee: null, version: conv.version + 2 });
    const left = (await eventsOf(org.id)).filter(
      (e) => e.name === 'conversation.assigned' && (e.payload as { reason: string }).reason === 'left-team',
    );
    expect(left).toEqual([
      {
        name: 'conversation.assigned',
        actorUserId: null,
        payload: { conversationId: conv.id, teamId: team.id, from: luc.id, to: null, reason: 'left-team' },
      },
    ]);
    const [other] = await t.deps.db
      .select({ assigneeId: conversations.assigneeId })
      .from(conversations)
      .where(eq(conversations.id, elsewhere.id));
    expect(other!.assigneeId).toBe(luc.id);
  });
});

describe('an inbound text', () => {
  it('notifies the assignee of an assigned conversation, nobody for an unassigned one', async () => {
    const { team, headers, luc, conv } = await teamOfTwo();
    const unassigned = await notificationsDuring(() =>
      recordInboundText(t.deps, inboundText({ to: team.phoneNumber!, from: conv.address })),
    );
    expect(unassigned).toEqual([]);
    await assign(headers, conv.id, luc.id);
    const assigned = await notificationsDuring(() =>
      recordInboundText(t.deps, inboundText({ to: team.phoneNumber!, from: conv.address })),
    );
    expect(assigned).toEqual([
      expect.objectContaining({ room: `user:${luc.id}`, kind: 'inbound-text', by: null }),
    ]);
    expect(assigned[0]!.conversation).toMatchObject({
      id: conv.id,
      assignee: { id: luc.id, name: 'Luc Gagnon' },
    });
  });
});
