import type { Conversation } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inboundText } from '../../test/conversation-factories';
import { domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { authHeader, buildUser } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { recordInboundText } from '../messages/index';
import { assignmentHelpers } from '../../test/assignment-helpers';

/*
 * Assignment and inbound texts (docs/behaviour/assignment.md): auto-assign to whoever replies
 * first, and an inbound text notifying the conversation's assignee first.
 */

const t = useTestApp();
const { teamOfTwo, assign, notificationsDuring } = assignmentHelpers(t);

afterEach(() => {
  vi.restoreAllMocks();
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
