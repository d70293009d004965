import type { ConversationPage, TeamUnreadCounts } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema/teams';
import { buildConversation, inboundText } from '../../test/conversation-factories';
import { buildTeam } from '../../test/factories';
import { recordInboundText } from '../messages/index';
import { labelHelpers } from '../../test/label-helpers';
import { useTestApp } from '../../test/test-app';

/*
 * The list's label filter and the team switcher's per-team unread counts (docs/behaviour/labels.md).
 */

const t = useTestApp();
const { setUp, send, createLabel, setLabels, listIds } = labelHelpers(t);

describe('GET /api/conversations?labelId=', () => {
  it('lists only the conversations carrying the label, with view, status, search and pages', async () => {
    const { org, team, user, adminHeaders, headers, conv } = await setUp();
    const urgent = await createLabel(adminHeaders, 'Urgent');
    const billing = await createLabel(adminHeaders, 'Billing');
    const second = await buildConversation({ organizationId: org.id, teamId: team.id });
    const third = await buildConversation({
      organizationId: org.id,
      teamId: team.id,
      messageBodies: ['facture'],
    });
    await buildConversation({ organizationId: org.id, teamId: team.id });
    for (const c of [conv, second, third]) await setLabels(headers, c.id, [urgent.id]);
    await setLabels(headers, third.id, [urgent.id, billing.id]);
    expect((await listIds(headers, `labelId=${urgent.id}`)).sort()).toEqual(
      [conv.id, second.id, third.id].sort(),
    );
    expect(await listIds(headers, `labelId=${billing.id}`)).toEqual([third.id]);
    expect(await listIds(headers, `labelId=${crypto.randomUUID()}`)).toEqual([]);
    // Combined with the search and with the status 'all'.
    expect(await listIds(headers, `labelId=${urgent.id}&status=all&search=factur`)).toEqual([third.id]);
    // With a view: assigned to me.
    await send(headers, 'PUT', `/api/conversations/${second.id}/assignee`, { userId: user.id });
    expect(await listIds(headers, `labelId=${urgent.id}&view=mine`)).toEqual([second.id]);
    // Keyset pages of one: each labelled conversation once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await send(
        headers,
        'GET',
        `/api/conversations?labelId=${urgent.id}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      const page = res.json<ConversationPage>();
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([conv.id, second.id, third.id].sort());
    expect((await send(headers, 'GET', '/api/conversations?labelId=nope')).statusCode).toBe(400);
    // Rows carry their labels.
    const page = (
      await send(headers, 'GET', `/api/conversations?labelId=${billing.id}`)
    ).json<ConversationPage>();
    expect(page.items[0]!.labels).toEqual([billing, urgent]);
  });
});

describe('GET /api/teams/unread-counts', () => {
  it("counts each of the signed-in user's teams' unread active conversations, not snoozed ones, nor other teams'", async () => {
    const { org, team, user, headers } = await setUp();
    const second = await buildTeam({ organizationId: org.id });
    const notMine = await buildTeam({ organizationId: org.id });
    // The user belongs to both teams.
    await t.deps.db
      .insert(teamMembers)
      .values({ organizationId: org.id, teamId: second.id, userId: user.id });
    await recordInboundText(t.deps, inboundText({ to: team.phoneNumber! }));
    await recordInboundText(t.deps, inboundText({ to: team.phoneNumber! }));
    const snoozed = await recordInboundText(t.deps, inboundText({ to: team.phoneNumber! }));
    await recordInboundText(t.deps, inboundText({ to: notMine.phoneNumber! }));
    await send(headers, 'PUT', `/api/conversations/${snoozed.conversationId}/snooze`, {
      until: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    const counts = (await send(headers, 'GET', '/api/teams/unread-counts')).json<TeamUnreadCounts>();
    expect(counts).toEqual({ [team.id]: 2, [second.id]: 0 });
    // Another organisation's user sees only theirs.
    const foreign = await setUp();
    expect((await send(foreign.headers, 'GET', '/api/teams/unread-counts')).json<TeamUnreadCounts>()).toEqual(
      {
        [foreign.team.id]: 0,
      },
    );
  });
});
