import type { Conversation, RealtimeEvents } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationLabels } from '../../db/schema/labels';
import { buildConversation } from '../../test/conversation-factories';
import { domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { authHeader, buildTeam, buildUser } from '../../test/factories';
import { publishedDuring as publishedInApp } from '../../test/published-during';
import { accessTokenFor } from '../../test/signed-in';
import { labelHelpers } from '../../test/label-helpers';
import { useTestApp } from '../../test/test-app';

/*
 * A conversation's labels (docs/behaviour/labels.md): set by the team's members, with their event
 * and realtime.
 */

const t = useTestApp();
const { setUp, send, createLabel, setLabels } = labelHelpers(t);

describe('PUT /api/conversations/:id/labels', () => {
  it('a member sets and unsets labels: the conversation carries them by name, its version grows, one event each change', async () => {
    const { org, team, user, adminHeaders, headers, conv } = await setUp();
    const urgent = await createLabel(adminHeaders, 'Urgent', 'red');
    const billing = await createLabel(adminHeaders, 'Billing', 'green');
    const res = await setLabels(headers, conv.id, [urgent.id, billing.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json<Conversation>()).toMatchObject({
      labels: [billing, urgent],
      version: conv.version + 1,
      updatedAt: conv.updatedAt.toISOString(),
    });
    // The same set again: unchanged, no event.
    expect((await setLabels(headers, conv.id, [billing.id, urgent.id])).json<Conversation>().version).toBe(
      conv.version + 1,
    );
    const got = await send(headers, 'GET', `/api/conversations/${conv.id}`);
    expect(got.json<Conversation>().labels).toEqual([billing, urgent]);
    const next = await setLabels(headers, conv.id, [urgent.id]);
    expect(next.json<Conversation>()).toMatchObject({ labels: [urgent], version: conv.version + 2 });
    const events = (await eventsOf(org.id)).filter((e) => e.name === 'conversation.labelled');
    expect(events).toEqual([
      {
        name: 'conversation.labelled',
        actorUserId: user.id,
        payload: { conversationId: conv.id, teamId: team.id, added: [urgent.id, billing.id], removed: [] },
      },
      {
        name: 'conversation.labelled',
        actorUserId: user.id,
        payload: { conversationId: conv.id, teamId: team.id, added: [], removed: [billing.id] },
      },
    ]);
  });

  it('announces conversation:updated to the team with the labels and the new version', async () => {
    const { team, adminHeaders, headers, conv } = await setUp();
    const urgent = await createLabel(adminHeaders, 'Urgent', 'red');
    const published = await publishedInApp(t.deps, async () => {
      await setLabels(headers, conv.id, [urgent.id]);
      await setLabels(headers, conv.id, []);
    });
    expect(published.map((p) => [p.room, p.event])).toEqual([
      [`team:${team.id}`, 'conversation:updated'],
      [`team:${team.id}`, 'conversation:updated'],
    ]);
    expect(
      published.map((p) => {
        const { conversation } = p.payload as RealtimeEvents['conversation:updated'];
        return [conversation.version, conversation.labels];
      }),
    ).toEqual([
      [conv.version + 1, [urgent]],
      [conv.version + 2, []],
    ]);
  });

  it('refuses more than 10 labels or a repeated one (400), another organisation’s label (422 label-not-found)', async () => {
    const { org, adminHeaders, headers, conv } = await setUp();
    const eleven = await Promise.all(
      Array.from({ length: 11 }, (_, i) => createLabel(adminHeaders, `L${i}`)),
    );
    expect(
      (
        await setLabels(
          headers,
          conv.id,
          eleven.map((l) => l.id),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await setLabels(
          headers,
          conv.id,
          eleven.slice(0, 10).map((l) => l.id),
        )
      ).statusCode,
    ).toBe(200);
    expect((await setLabels(headers, conv.id, [eleven[0]!.id, eleven[0]!.id])).statusCode).toBe(400);
    const foreign = await setUp();
    const theirs = await createLabel(foreign.adminHeaders, 'Theirs');
    for (const id of [theirs.id, crypto.randomUUID()]) {
      const res = await setLabels(headers, conv.id, [eleven[0]!.id, id]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'label-not-found' });
    }
    const rows = await t.deps.db
      .select()
      .from(conversationLabels)
      .where(eq(conversationLabels.conversationId, conv.id));
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.organizationId === org.id)).toBe(true);
  });

  it("another team's or organisation's conversation answers 404, and nothing is set", async () => {
    const { org, adminHeaders, headers, conv } = await setUp();
    const urgent = await createLabel(adminHeaders, 'Urgent');
    const otherTeam = await buildTeam({ organizationId: org.id });
    const sibling = await buildConversation({ organizationId: org.id, teamId: otherTeam.id });
    const foreign = await buildConversation();
    for (const id of [sibling.id, foreign.id, crypto.randomUUID()]) {
      expect((await setLabels(headers, id, [urgent.id])).statusCode).toBe(404);
    }
    const outsider = await buildUser({ organizationId: org.id, teamIds: [otherTeam.id] });
    expect(
      (await setLabels(authHeader(await accessTokenFor(outsider)), conv.id, [urgent.id])).statusCode,
    ).toBe(404);
    expect(
      await t.deps.db.select().from(conversationLabels).where(eq(conversationLabels.labelId, urgent.id)),
    ).toEqual([]);
  });

  it('deleting a label takes it off its conversations', async () => {
    const { org, adminHeaders, headers, conv } = await setUp();
    const urgent = await createLabel(adminHeaders, 'Urgent');
    const billing = await createLabel(adminHeaders, 'Billing');
    await setLabels(headers, conv.id, [urgent.id, billing.id]);
    expect((await send(adminHeaders, 'DELETE', `/api/labels/${urgent.id}`)).statusCode).toBe(204);
    expect((await send(headers, 'GET', `/api/conversations/${conv.id}`)).json<Conversation>().labels).toEqual(
      [billing],
    );
    expect((await eventsOf(org.id)).at(-1)).toMatchObject({
      name: 'label.deleted',
      payload: { labelId: urgent.id, conversations: 1 },
    });
  });
});
