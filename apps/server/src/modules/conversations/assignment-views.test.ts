import type { ConversationPage, ViewCounts } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { useTestApp } from '../../test/test-app';
import { assignmentHelpers } from '../../test/assignment-helpers';

/*
 * Assignment's views (Mine, Unassigned, All) and their counts (docs/behaviour/assignment.md).
 */

const t = useTestApp();
const { teamOfTwo, assign } = assignmentHelpers(t);

afterEach(() => {
  vi.restoreAllMocks();
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
    expect(await counts(headers)).toEqual({ mine: 1, unassigned: 1, all: 3, mentions: 0 });
    expect(await counts(lucHeaders)).toEqual({ mine: 1, unassigned: 1, all: 3, mentions: 0 });
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
