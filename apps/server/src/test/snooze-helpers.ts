import type { ConversationPage } from '@accueil/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { domainEvents } from '../db/schema/domain-events';
import { wakeSnoozedConversationJob } from '../modules/conversations/wake-snoozed-conversation.job';
import { publishedDuring as publishedInApp } from './published-during';
import type { useTestApp } from './test-app';

/** A minute, in ms. */
export const MINUTE = 60_000;

/**
 * What the snooze tests share (docs/behaviour/snooze.md), bound to a file's test app: the
 * snooze and unsnooze requests, list ids, a JSON GET, the wake jobs queued, and the realtime
 * events published meanwhile.
 */
export function snoozeHelpers(t: ReturnType<typeof useTestApp>) {
  function snooze(headers: Record<string, string>, id: string, until: Date | string) {
    return t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${id}/snooze`,
      headers,
      payload: { until: typeof until === 'string' ? until : until.toISOString() },
    });
  }

  function unsnooze(headers: Record<string, string>, id: string) {
    return t.app.inject({ method: 'DELETE', url: `/api/conversations/${id}/snooze`, headers });
  }

  async function listIds(headers: Record<string, string>, status: string): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: `/api/conversations?status=${status}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<ConversationPage>().items.map((c) => c.id);
  }

  async function getJson<T>(headers: Record<string, string>, url: string): Promise<T> {
    return (await t.app.inject({ method: 'GET', url, headers })).json<T>();
  }

  /**
   * The wake jobs queued for a conversation once its snoozes' events are delivered (their queued
   * subscriber sends them, run by the `deliver-domain-event` job the request sent, which started
   * the app's queue): their payloads and start instants.
   */
  async function wakeJobsOf(organizationId: string, conversationId: string) {
    await vi.waitFor(
      async () => {
        const undelivered = await t.deps.db
          .select({ id: domainEvents.id })
          .from(domainEvents)
          .where(
            and(
              eq(domainEvents.organizationId, organizationId),
              eq(domainEvents.name, 'conversation.snoozed'),
              isNull(domainEvents.deliveredAt),
            ),
          );
        expect(undelivered).toEqual([]);
      },
      { timeout: 20_000, interval: 100 },
    );
    const jobs = await t.jobs
      .boss()
      .findJobs<{ organizationId: string; conversationId: string; until: string }>(
        wakeSnoozedConversationJob.name,
        {
          data: { organizationId, conversationId },
        },
      );
    return jobs.map((j) => ({ data: j.data, startAfter: new Date(j.startAfter).toISOString() }));
  }

  /** The realtime events published while `work` runs: room, event, payload. */
  const publishedDuring = (work: () => Promise<unknown>) => publishedInApp(t.deps, work);

  return { snooze, unsnooze, listIds, getJson, wakeJobsOf, publishedDuring };
}
