import { expect, it } from 'vitest';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { buildTeam } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/*
 * Archiving a conversation records `conversation.archived` with the change
 * (docs/behaviour/events.md); no other change of the conversation, and no refused one, does.
 */

const t = useTestApp();

it('archiving records conversation.archived once, by its user; pinning, unarchiving and a repeat do not', async () => {
  const { org, team, user, headers } = await buildInbox();
  const conv = await buildConversation({ organizationId: org.id, teamId: team.id });
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/conversations/${conv.id}`, headers, payload });

  expect((await put({ attributes: { pinned: true } })).statusCode).toBe(200);
  expect(await eventsOf(org.id)).toEqual([]);
  expect((await put({ status: 'inactive' })).statusCode).toBe(200);
  // Already archived: nothing changes, nothing is recorded.
  expect((await put({ status: 'inactive' })).statusCode).toBe(200);
  expect((await put({ status: 'active' })).statusCode).toBe(200);
  expect(await eventsOf(org.id)).toEqual([
    { name: 'conversation.archived', actorUserId: user.id, payload: { conversationId: conv.id } },
  ]);
});

it("a refused archive (another team's conversation, another organisation's) records nothing", async () => {
  const { org, headers } = await buildInbox();
  const otherTeam = await buildTeam({ organizationId: org.id });
  const sibling = await buildConversation({ organizationId: org.id, teamId: otherTeam.id });
  const foreign = await buildConversation();
  for (const conv of [sibling, foreign]) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conv.id}`,
      headers,
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(404);
    expect(await eventsOf(conv.organizationId)).toEqual([]);
  }
  expect(await eventsOf(org.id)).toEqual([]);
});
