import type { ConversationPage } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { withOrganization } from '../../db/tenant-scope';
import { buildConversation, buildTeamOfTwo, inboundText } from '../../test/conversation-factories';
import { domainEventsOf as eventsOf } from '../../test/domain-event-helpers';
import { recordInboundText } from '../messages/index';
import { openConversationForCall } from './index';
import { wakeSnoozedConversationJob } from './wake-snoozed-conversation.job';
import { MINUTE, snoozeHelpers } from '../../test/snooze-helpers';
import { useTestApp } from '../../test/test-app';

/*
 * Snooze's waking (docs/behaviour/snooze.md): the job at its time (on a fake clock), a job for an
 * end since moved, and an inbound text or a call waking it early.
 */

const t = useTestApp();
const { snooze, unsnooze, listIds, getJson, wakeJobsOf, publishedDuring } = snoozeHelpers(t);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('waking', () => {
  it('the job wakes it at its time (fake clock): top of the active list, announced, its assignee notified; once', async () => {
    const { org, team, headers, luc, conv } = await buildTeamOfTwo();
    const newer = await buildConversation({ organizationId: org.id, teamId: team.id });
    await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conv.id}/assignee`,
      headers,
      payload: { userId: luc.id },
    });
    const until = new Date(Date.now() + 30 * MINUTE);
    await snooze(headers, conv.id, until);
    const [job] = await wakeJobsOf(org.id, conv.id);
    // The queue starts it at `until`; the clock is moved there and the job's handler run as a worker would.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(until.getTime() + 1_000));
    const published = await publishedDuring(() =>
      withOrganization(org.id, () => wakeSnoozedConversationJob.handler(t.deps, job!.data)),
    );
    expect(published.map((p) => [p.room, p.event])).toEqual([
      [`team:${team.id}`, 'conversation:updated'],
      [`user:${luc.id}`, 'inbox:notification'],
    ]);
    expect(published[1]!.payload).toMatchObject({
      kind: 'snooze-ended',
      by: null,
      conversation: { id: conv.id, snoozedUntil: null },
    });
    vi.useRealTimers();
    const active = await listIds(headers, 'active');
    // Back at the top, above a conversation updated after it was last touched.
    expect(active).toEqual([conv.id, newer.id]);
    const [row] = await t.deps.db.select().from(conversations).where(eq(conversations.id, conv.id));
    expect(row!.updatedAt.getTime()).toBe(until.getTime() + 1_000);
    expect((await eventsOf(org.id)).at(-1)).toEqual({
      name: 'conversation.unsnoozed',
      actorUserId: null,
      payload: { conversationId: conv.id, teamId: team.id, reason: 'time' },
    });
    // A second run (a retry) finds nothing to do.
    expect(
      await withOrganization(org.id, () => wakeSnoozedConversationJob.handler(t.deps, job!.data)),
    ).toEqual({
      woken: false,
    });
  });

  it('a job for an end since moved or cancelled does nothing', async () => {
    const { org, headers, conv } = await buildTeamOfTwo();
    await snooze(headers, conv.id, new Date(Date.now() + 10 * MINUTE));
    const later = new Date(Date.now() + 60 * MINUTE);
    await snooze(headers, conv.id, later);
    const jobs = await wakeJobsOf(org.id, conv.id);
    expect(jobs).toHaveLength(2);
    const first = jobs.find((j) => j.data.until !== later.toISOString())!;
    const run = (data: (typeof jobs)[number]['data']) =>
      withOrganization(org.id, () => wakeSnoozedConversationJob.handler(t.deps, data));
    expect(await run(first.data)).toEqual({ woken: false });
    expect(await listIds(headers, 'snoozed')).toEqual([conv.id]);
    await unsnooze(headers, conv.id);
    const second = jobs.find((j) => j.data.until === later.toISOString())!;
    expect(await run(second.data)).toEqual({ woken: false });
  });

  it('an inbound text wakes it early: back in the active list, unread', async () => {
    const { team, headers, conv } = await buildTeamOfTwo();
    await snooze(headers, conv.id, new Date(Date.now() + 60 * MINUTE));
    await recordInboundText(t.deps, inboundText({ to: team.phoneNumber!, from: conv.address }));
    const [first] = await getJson<ConversationPage>(headers, '/api/conversations?status=active').then(
      (p) => p.items,
    );
    expect(first).toMatchObject({ id: conv.id, snoozedUntil: null, attributes: { hasNotification: true } });
    expect(await listIds(headers, 'snoozed')).toEqual([]);
  });

  it('a call wakes it early', async () => {
    const { org, team, headers, conv } = await buildTeamOfTwo();
    await snooze(headers, conv.id, new Date(Date.now() + 60 * MINUTE));
    const call = await openConversationForCall(t.deps, {
      organizationId: org.id,
      teamId: team.id,
      phone: conv.address,
      direction: 'inbound',
    });
    expect(call).toMatchObject({ id: conv.id, snoozedUntil: null });
    expect(await listIds(headers, 'snoozed')).toEqual([]);
  });
});
