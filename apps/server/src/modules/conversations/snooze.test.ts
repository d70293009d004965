import type { Conversation, RealtimeEvents, UnreadCounts, ViewCounts } from '@accueil/domain';
import { SNOOZE_MAX_AHEAD_MS } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { buildConversation, buildTeamOfTwo, inboundText } from '../../test/conversation-factories';
import { domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { authHeader, buildTeam, buildUser } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { recordInboundText } from '../messages/index';
import { wakeSnoozedConversationJob } from './wake-snoozed-conversation.job';
import { MINUTE, snoozeHelpers } from '../../test/snooze-helpers';
import { useTestApp } from '../../test/test-app';

/*
 * Snooze (docs/behaviour/snooze.md): snoozing and unsnoozing, who may, the bounds of the end,
 * the Snoozed list and the counts, the job waking it at its time (on a fake clock), an inbound
 * text or call waking it early, archiving ending it.
 */

const t = useTestApp();
const { snooze, unsnooze, listIds, getJson, wakeJobsOf, publishedDuring } = snoozeHelpers(t);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('PUT and DELETE /api/conversations/:id/snooze', () => {
  it('moves the conversation from the active list to the snoozed one and back, with its version and events', async () => {
    const { org, team, user, headers, conv } = await buildTeamOfTwo();
    const other = await buildConversation({ organizationId: org.id, teamId: team.id });
    const until = new Date(Date.now() + 2 * 60 * MINUTE);
    const res = await snooze(headers, conv.id, until);
    expect(res.statusCode).toBe(200);
    const snoozed = res.json<Conversation>();
    expect(snoozed).toMatchObject({
      id: conv.id,
      status: 'active',
      snoozedUntil: until.toISOString(),
      version: conv.version + 1,
      // Snoozing does not reorder: its latest update stays.
      updatedAt: conv.updatedAt.toISOString(),
    });
    expect(await listIds(headers, 'active')).toEqual([other.id]);
    expect(await listIds(headers, 'snoozed')).toEqual([conv.id]);
    // A search reads both lists: the snoozed conversation is found with the active ones.
    expect(await listIds(headers, 'all')).toContain(conv.id);
    expect(await getJson<ViewCounts>(headers, '/api/conversations/view-counts')).toMatchObject({
      all: 1,
      unassigned: 1,
    });
    const [row] = await t.deps.db.select().from(conversations).where(eq(conversations.id, conv.id));
    expect(row).toMatchObject({ snoozedBy: user.id });
    // The request sends no job itself: the snooze's event does, when delivered (at least once).
    const queued = await t.jobs
      .boss()
      .findJobs(wakeSnoozedConversationJob.name, { data: { conversationId: conv.id } });
    expect(queued).toEqual([]);
    expect(await wakeJobsOf(org.id, conv.id)).toEqual([
      {
        data: { organizationId: org.id, conversationId: conv.id, until: until.toISOString() },
        startAfter: until.toISOString(),
      },
    ]);

    const back = await unsnooze(headers, conv.id);
    expect(back.statusCode).toBe(200);
    expect(back.json<Conversation>()).toMatchObject({ snoozedUntil: null, version: conv.version + 2 });
    expect((await listIds(headers, 'active')).sort()).toEqual([conv.id, other.id].sort());
    expect(await listIds(headers, 'snoozed')).toEqual([]);
    // Unsnoozing a conversation that is not snoozed changes and records nothing.
    expect((await unsnooze(headers, conv.id)).json<Conversation>().version).toBe(conv.version + 2);
    expect(await eventsOf(org.id)).toEqual([
      {
        name: 'conversation.snoozed',
        actorUserId: user.id,
        payload: { conversationId: conv.id, teamId: team.id, until: until.toISOString() },
      },
      {
        name: 'conversation.unsnoozed',
        actorUserId: user.id,
        payload: { conversationId: conv.id, teamId: team.id, reason: 'unsnoozed' },
      },
    ]);
  });

  it('announces conversation:updated to the team on a snooze and an unsnooze', async () => {
    const { team, headers, conv } = await buildTeamOfTwo();
    const published = await publishedDuring(async () => {
      await snooze(headers, conv.id, new Date(Date.now() + 10 * MINUTE));
      await unsnooze(headers, conv.id);
    });
    expect(published.map((p) => [p.room, p.event])).toEqual([
      [`team:${team.id}`, 'conversation:updated'],
      [`team:${team.id}`, 'conversation:updated'],
    ]);
    expect(
      published.map((p) => (p.payload as RealtimeEvents['conversation:updated']).conversation.version),
    ).toEqual([conv.version + 1, conv.version + 2]);
  });

  it('refuses an end less than a minute or more than a year ahead, or past: 422 with its code, nothing changes', async () => {
    const { org, headers, conv } = await buildTeamOfTwo();
    const cases: [Date, string][] = [
      [new Date(Date.now() + 30_000), 'snooze-too-soon'],
      [new Date(Date.now() - 60 * MINUTE), 'snooze-too-soon'],
      [new Date(Date.now() + SNOOZE_MAX_AHEAD_MS + 60 * MINUTE), 'snooze-too-far'],
    ];
    for (const [until, code] of cases) {
      const res = await snooze(headers, conv.id, until);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code });
    }
    // Not an instant at all: the schema's 400.
    expect((await snooze(headers, conv.id, 'tomorrow')).statusCode).toBe(400);
    expect(await eventsOf(org.id)).toEqual([]);
  });

  it("another team's or organisation's conversation answers 404; a member of another team cannot snooze", async () => {
    const { org, headers, conv } = await buildTeamOfTwo();
    const otherTeam = await buildTeam({ organizationId: org.id });
    const sibling = await buildConversation({ organizationId: org.id, teamId: otherTeam.id });
    const foreign = await buildConversation();
    const until = new Date(Date.now() + 10 * MINUTE);
    for (const id of [sibling.id, foreign.id, crypto.randomUUID()]) {
      expect((await snooze(headers, id, until)).statusCode).toBe(404);
      expect((await unsnooze(headers, id)).statusCode).toBe(404);
    }
    const outsider = await buildUser({ organizationId: org.id, teamIds: [otherTeam.id] });
    expect((await snooze(authHeader(await accessTokenFor(outsider)), conv.id, until)).statusCode).toBe(404);
    expect(await eventsOf(org.id)).toEqual([]);
    expect(await eventsOf(foreign.organizationId)).toEqual([]);
  });

  it('archiving ends the snooze; snoozing an archived conversation makes it active and snoozed', async () => {
    const { headers, conv } = await buildTeamOfTwo();
    await snooze(headers, conv.id, new Date(Date.now() + 10 * MINUTE));
    const archived = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conv.id}`,
      headers,
      payload: { status: 'inactive' },
    });
    expect(archived.json<Conversation>()).toMatchObject({ status: 'inactive', snoozedUntil: null });
    expect(await listIds(headers, 'snoozed')).toEqual([]);
    const res = await snooze(headers, conv.id, new Date(Date.now() + 10 * MINUTE));
    expect(res.json<Conversation>()).toMatchObject({ status: 'active', snoozedUntil: expect.any(String) });
    expect(await listIds(headers, 'inactive')).toEqual([]);
    expect(await listIds(headers, 'snoozed')).toEqual([conv.id]);
  });

  it('leaves a snoozed unread conversation out of the active badge until it wakes', async () => {
    const { team, headers, conv } = await buildTeamOfTwo();
    await recordInboundText(t.deps, inboundText({ to: team.phoneNumber!, from: conv.address }));
    expect((await getJson<UnreadCounts>(headers, '/api/conversations/unread-counts')).active).toBe(1);
    await snooze(headers, conv.id, new Date(Date.now() + 10 * MINUTE));
    expect((await getJson<UnreadCounts>(headers, '/api/conversations/unread-counts')).active).toBe(0);
  });
});
