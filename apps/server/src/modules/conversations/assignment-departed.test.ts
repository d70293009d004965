import type { Conversation } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { buildConversation } from '../../test/conversation-factories';
import { deliverRecordedEvents, domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { authHeader, buildTeam, buildUser } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { assignmentHelpers } from '../../test/assignment-helpers';

/*
 * A member leaving a team leaves its conversations unassigned (docs/behaviour/assignment.md).
 */

const t = useTestApp();
const { teamOfTwo, assign } = assignmentHelpers(t);

afterEach(() => {
  vi.restoreAllMocks();
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
