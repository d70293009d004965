import type { Conversation, RealtimeEvents } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildConversation } from '../../test/conversation-factories';
import { domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { authHeader, buildTeam, buildUser } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { assignmentHelpers } from '../../test/assignment-helpers';

/*
 * Assignment (docs/behaviour/assignment.md): who may assign to whom, the version and the domain
 * event, the notification to the new assignee only. Views and counts, auto-assign and inbound
 * texts, and a member leaving are in `assignment-*.test.ts`.
 */

const t = useTestApp();
const { teamOfTwo, assign, publishedDuring, notificationsDuring } = assignmentHelpers(t);

afterEach(() => {
  vi.restoreAllMocks();
});

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
