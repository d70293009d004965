import type { BulkConversationsResponse } from '@accueil/domain';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { buildConversation, buildTeamOfTwo } from '../../test/conversation-factories';
import { deliverRecordedEvents, domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { buildTeam, buildUser } from '../../test/factories';
import { publishedDuring as publishedInApp } from '../../test/published-during';
import { useTestApp } from '../../test/test-app';

/*
 * POST /api/conversations/bulk (docs/behaviour/assignment.md, "Bulk actions"): each id goes
 * through the single endpoints' rules and events; refused ids are reported, never touched.
 */

const t = useTestApp();

function bulk(headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/conversations/bulk', headers, payload });
}

/** Marie's team with Luc, three conversations of it, and one of another team and organisation each. */
async function setUp() {
  const inbox = await buildTeamOfTwo();
  const owner = { organizationId: inbox.org.id, teamId: inbox.team.id };
  const second = await buildConversation({ ...owner, attributes: { hasNotification: true } });
  const third = await buildConversation(owner);
  const otherTeam = await buildConversation({ organizationId: inbox.org.id });
  const otherOrg = await buildConversation();
  return { ...inbox, second, third, otherTeam, otherOrg };
}

async function rowsOf(ids: string[]) {
  return t.deps.db.select().from(conversations).where(inArray(conversations.id, ids));
}

describe('POST /api/conversations/bulk', () => {
  it('archives each conversation of the team, with its event and realtime update; another team or organisation is not-found and untouched', async () => {
    const { org, headers, conv, second, otherTeam, otherOrg } = await setUp();
    const ids = [conv.id, otherOrg.id, second.id, otherTeam.id];
    let res!: Awaited<ReturnType<typeof bulk>>;
    const published = await publishedInApp(t.deps, async () => {
      res = await bulk(headers, { ids, action: 'archive' });
      await deliverRecordedEvents(t.deps, org.id);
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json<BulkConversationsResponse>();
    expect(results.map((r) => [r.id, r.ok ? r.conversation.status : r.error])).toEqual([
      [conv.id, 'inactive'],
      [otherOrg.id, 'not-found'],
      [second.id, 'inactive'],
      [otherTeam.id, 'not-found'],
    ]);
    const rows = await rowsOf([otherTeam.id, otherOrg.id]);
    expect(rows.map((r) => [r.status, r.version])).toEqual([
      ['active', otherTeam.version],
      ['active', otherOrg.version],
    ]);
    expect((await eventsOf(org.id)).filter((e) => e.name === 'conversation.archived')).toHaveLength(2);
    const updated = published.filter((p) => p.event === 'conversation:updated').map((p) => p.payload);
    expect(updated.map((p) => (p as { conversation: { id: string } }).conversation.id).sort()).toEqual(
      [conv.id, second.id].sort(),
    );

    // Undo: unarchived through the same endpoint.
    const undone = (
      await bulk(headers, { ids: [conv.id, second.id], action: 'unarchive' })
    ).json<BulkConversationsResponse>();
    expect(undone.results.map((r) => r.ok && r.conversation.status)).toEqual(['active', 'active']);
  });

  it('assigns to a member of the conversation’s team, events and notification as one by one; a non-member is refused per conversation', async () => {
    const { org, headers, user, luc, conv, second } = await setUp();
    let res!: Awaited<ReturnType<typeof bulk>>;
    const published = await publishedInApp(t.deps, async () => {
      res = await bulk(headers, { ids: [conv.id, second.id], action: 'assign', assigneeId: luc.id });
      await deliverRecordedEvents(t.deps, org.id);
    });
    const { results } = res.json<BulkConversationsResponse>();
    expect(results.map((r) => r.ok && r.conversation.assignee)).toEqual([
      { id: luc.id, name: 'Luc Gagnon' },
      { id: luc.id, name: 'Luc Gagnon' },
    ]);
    const assigned = (await eventsOf(org.id)).filter((e) => e.name === 'conversation.assigned');
    expect(assigned.map((e) => [e.actorUserId, (e.payload as { to: string }).to])).toEqual([
      [user.id, luc.id],
      [user.id, luc.id],
    ]);
    expect(
      published.filter((p) => p.event === 'inbox:notification' && p.room === `user:${luc.id}`),
    ).toHaveLength(2);

    // Someone of another team of the organisation: refused for each, nothing changes.
    const stranger = await buildUser({
      organizationId: org.id,
      teamIds: [(await buildTeam({ organizationId: org.id })).id],
    });
    const refused = (
      await bulk(headers, { ids: [conv.id, second.id], action: 'assign', assigneeId: stranger.id })
    ).json<BulkConversationsResponse>();
    expect(refused.results.map((r) => !r.ok && r.error)).toEqual([
      'assignee-not-in-team',
      'assignee-not-in-team',
    ]);
    const [row] = await t.deps.db.select().from(conversations).where(eq(conversations.id, conv.id));
    expect(row!.assigneeId).toBe(luc.id);

    // Unassigning: assigneeId null.
    const none = (
      await bulk(headers, { ids: [conv.id], action: 'assign', assigneeId: null })
    ).json<BulkConversationsResponse>();
    expect(none.results[0]!.ok && none.results[0]!.conversation.assignee).toBeNull();
  });

  it('marks read and unread', async () => {
    const { headers, conv, second } = await setUp();
    const read = (
      await bulk(headers, { ids: [conv.id, second.id], action: 'mark-read' })
    ).json<BulkConversationsResponse>();
    expect(read.results.map((r) => r.ok && Boolean(r.conversation.attributes.hasNotification))).toEqual([
      false,
      false,
    ]);
    const unread = (
      await bulk(headers, { ids: [second.id], action: 'mark-unread' })
    ).json<BulkConversationsResponse>();
    expect(unread.results[0]!.ok && unread.results[0]!.conversation.attributes.hasNotification).toBe(true);
  });

  it('refuses bad requests with 400: no ids, more than 100, repeated ids, assign without assigneeId, assigneeId elsewhere, unknown action; and needs a session', async () => {
    const { headers, conv } = await setUp();
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    for (const payload of [
      { ids: [], action: 'archive' },
      { ids: many, action: 'archive' },
      { ids: [conv.id, conv.id], action: 'archive' },
      { ids: [conv.id], action: 'assign' },
      { ids: [conv.id], action: 'archive', assigneeId: null },
      { ids: [conv.id], action: 'delete' },
      { ids: ['not-a-uuid'], action: 'archive' },
    ])
      expect((await bulk(headers, payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    expect((await bulk({}, { ids: [conv.id], action: 'archive' })).statusCode).toBe(401);
    const [row] = await rowsOf([conv.id]);
    expect(row!.status).toBe('active');
    // 100 is allowed (unknown ids: not-found each).
    const hundred = await bulk(headers, { ids: many.slice(0, 100), action: 'mark-read' });
    expect(hundred.statusCode).toBe(200);
    expect(
      hundred.json<BulkConversationsResponse>().results.every((r) => !r.ok && r.error === 'not-found'),
    ).toBe(true);
  });
});
