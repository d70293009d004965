import type { DomainEvent } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { domainEvents } from '../../db/schema/domain-events';
import { deliverEventJob } from '../../events/deliver-event.job';
import { defineSubscriber } from '../../events/event-subscriber';
import { listenersOf } from '../../events/subscriber-list';
import { buildInbox, inboundText } from '../../test/conversation-factories';
import { randomPhoneNumber } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { newConversationSid } from '../conversations/index';
import { InboundWriter } from './inbound-writer';
import { isDuplicateCarrierId } from './inbound-statement';
import { recordInboundText } from './index';

/** The ingest records `message.received` in the statement that stores the text (docs/behaviour/events.md). */
const t = useTestApp();

async function eventsOf(organizationId: string) {
  const rows = await t.deps.db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.organizationId, organizationId));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    actorUserId: r.actorUserId,
    payload: r.payload,
    delivered: r.deliveredAt !== null,
  }));
}

describe('message.received', () => {
  it('is written by the statement that stores the text, alone and in batches, once per text; a retry writes none', async () => {
    const { org, team } = await buildInbox();
    const writer = new InboundWriter(t.deps.db, { maxInFlight: 1 });
    const senders = new Set<string>();
    while (senders.size < 6) senders.add(randomPhoneNumber('438'));
    const values = [...senders].map((from, i) => ({
      messageId: crypto.randomUUID(),
      eventId: crypto.randomUUID(),
      eventDelivered: i % 2 === 0,
      conversationSid: newConversationSid(),
      from,
      to: team.phoneNumber!,
      body: `texte ${i}`,
      carrier: 'twilio',
      carrierMessageId: `SM${crypto.randomUUID().replace(/-/g, '')}`,
      media: [],
      now: new Date(),
    }));
    const rows = await Promise.all(values.map((v) => writer.write(v)));
    // The first text goes alone, the others wait for it and go together: both statements record.
    expect(writer.stats.largestBatch).toBeGreaterThan(1);
    const retry = { ...values[0]!, messageId: crypto.randomUUID(), eventId: crypto.randomUUID() };
    await expect(writer.write(retry)).rejects.toSatisfy(isDuplicateCarrierId);

    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect((await eventsOf(org.id)).sort(byId)).toEqual(
      values
        .map((v, i) => ({
          id: v.eventId,
          name: 'message.received',
          actorUserId: null,
          payload: { conversationId: rows[i]!.conversation.id, messageId: v.messageId },
          delivered: v.eventDelivered,
        }))
        .sort(byId),
    );
  });

  it('nobody listens today: written already delivered, no job sent', async () => {
    expect(listenersOf('message.received')).toEqual({ queued: false, any: false });
    const { org, team } = await buildInbox();
    const sendOnce = vi.spyOn(t.deps.jobs, 'sendOnce');
    try {
      const stored = await recordInboundText(t.deps, inboundText({ to: team.phoneNumber! }));
      expect(sendOnce).not.toHaveBeenCalled();
      expect(await eventsOf(org.id)).toEqual([
        expect.objectContaining({
          name: 'message.received',
          payload: { conversationId: stored.conversationId, messageId: stored.messageId },
          delivered: true,
        }),
      ]);
    } finally {
      sendOnce.mockRestore();
    }
  });

  it('with subscribers: after the commit, runs the after-commit ones and sends the queued ones their job; the event waits for it', async () => {
    const { org, team } = await buildInbox();
    const seen: DomainEvent[] = [];
    const subscribers = [
      defineSubscriber({
        name: 'test.after-commit',
        events: ['message.received'],
        delivery: 'after-commit',
        handle: (_deps, event) => {
          seen.push(event);
          return Promise.resolve();
        },
      }),
      defineSubscriber({
        name: 'test.queued',
        events: ['message.received'],
        handle: () => Promise.resolve(),
      }),
    ];
    const sendOnce = vi.spyOn(t.deps.jobs, 'sendOnce');
    try {
      const stored = await recordInboundText(t.deps, inboundText({ to: team.phoneNumber! }), subscribers);
      const [event] = await eventsOf(org.id);
      expect(event).toMatchObject({ delivered: false });
      expect(seen).toEqual([
        expect.objectContaining({
          name: 'message.received',
          organizationId: org.id,
          actorUserId: null,
          payload: { conversationId: stored.conversationId, messageId: stored.messageId },
        }),
      ]);
      expect(sendOnce).toHaveBeenCalledWith(
        deliverEventJob,
        { organizationId: org.id, eventId: event!.id },
        event!.id,
      );
    } finally {
      sendOnce.mockRestore();
    }
  });

  it('a retried webhook records nothing more', async () => {
    const { org, team } = await buildInbox();
    const text = inboundText({ to: team.phoneNumber! });
    await recordInboundText(t.deps, text);
    expect(await recordInboundText(t.deps, text)).toMatchObject({ duplicate: true });
    expect(await eventsOf(org.id)).toHaveLength(1);
  });
});
