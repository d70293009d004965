import type { Conversation } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversations } from '../db/schema/conversations';
import { domainEvents } from '../db/schema/domain-events';
import { withOrganization } from '../db/tenant-scope';
import { buildConversation, buildInbox } from '../test/conversation-factories';
import { useTestApp } from '../test/test-app';
import { deliverEvent } from './deliver-event';
import { dispatchEvents } from './dispatch-events';
import { defineSubscriber } from './event-subscriber';
import { recordEvent } from './record-event';
import { subscriberList } from './subscriber-list';
import { transactionWithEvents } from './transaction-with-events';

/*
 * After-commit subscribers (the realtime of archived conversations and disabled users) run in
 * the process that made the change, once its transaction committed, at most once: never for a
 * rolled-back change, never by the queued delivery (docs/behaviour/events.md).
 */

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

const archived = (organizationId: string, conversationId: string) => ({
  name: 'conversation.archived' as const,
  organizationId,
  actorUserId: null,
  payload: { conversationId },
});

describe('after-commit subscribers', () => {
  it('announce an archive once its transaction committed: the conversation is archived for every connection by then', async () => {
    const { org, team, headers } = await buildInbox();
    const conv = await buildConversation({ organizationId: org.id, teamId: team.id });
    const statusAtPublish: string[] = [];
    const publish = vi.spyOn(t.deps.realtime, 'publish').mockImplementation((room, event) => {
      if (event === 'conversation:updated')
        // Another connection than the change's: sees committed rows only.
        void withOrganization(org.id, () =>
          t.deps.db
            .select({ status: conversations.status })
            .from(conversations)
            .where(eq(conversations.id, conv.id)),
        ).then(([row]) => statusAtPublish.push(`${room}:${row!.status}`));
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conv.id}`,
      headers,
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    const updates = publish.mock.calls.filter(([, event]) => event === 'conversation:updated');
    expect(updates).toEqual([
      [`team:${team.id}`, 'conversation:updated', { conversation: res.json<Conversation>() }],
    ]);
    await vi.waitFor(() => expect(statusAtPublish).toEqual([`team:${team.id}:inactive`]));
  });

  it('never run for a change rolled back after recording its event', async () => {
    const { org, team } = await buildInbox();
    const conv = await buildConversation({ organizationId: org.id, teamId: team.id });
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    await expect(
      withOrganization(org.id, () =>
        transactionWithEvents(t.deps, async (tx) => {
          await recordEvent(tx, archived(org.id, conv.id));
          throw new Error('the change failed after its event');
        }),
      ),
    ).rejects.toThrow('the change failed after its event');
    expect(publish).not.toHaveBeenCalled();
    expect(
      await t.deps.db.select().from(domainEvents).where(eq(domainEvents.organizationId, org.id)),
    ).toEqual([]);
  });

  it('are not run by the queued delivery (at most once)', async () => {
    const { org, team } = await buildInbox();
    const conv = await buildConversation({ organizationId: org.id, teamId: team.id });
    const recorded = await t.deps.db.transaction((tx) => recordEvent(tx, archived(org.id, conv.id)));
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    await withOrganization(org.id, () => deliverEvent(t.deps, subscriberList(), recorded.id));
    expect(publish).not.toHaveBeenCalled();
    const [row] = await t.deps.db.select().from(domainEvents).where(eq(domainEvents.id, recorded.id));
    expect(row!.deliveredAt).toBeInstanceOf(Date);
  });

  it('one that throws is logged and neither fails the change nor stops the others', async () => {
    const { org, team } = await buildInbox();
    const conv = await buildConversation({ organizationId: org.id, teamId: team.id });
    const seen: string[] = [];
    const subscriber = (name: string, fail: boolean) =>
      defineSubscriber({
        name,
        events: ['conversation.archived'],
        delivery: 'after-commit',
        handle: (_deps, event) => {
          if (fail) return Promise.reject(new Error('socket server down'));
          seen.push(`${name}:${event.organizationId}`);
          return Promise.resolve();
        },
      });
    const error = vi.spyOn(t.deps.log, 'error');
    const recorded = await t.deps.db.transaction((tx) => recordEvent(tx, archived(org.id, conv.id)));
    await expect(
      dispatchEvents(
        t.deps,
        [recorded],
        [subscriber('test.failing', true), subscriber('test.steady', false)],
      ),
    ).resolves.toBeUndefined();
    expect(seen).toEqual([`test.steady:${org.id}`]);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ eventId: recorded.id, subscriber: 'test.failing' }),
      'event not delivered',
    );
  });
});
