import type { Conversation, Message, MessagePage } from '@accueil/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { conversations } from '../../db/schema/conversations';
import { messages } from '../../db/schema/messages';
import { buildContact, randomPhoneNumber } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { presentContact } from '../contacts/index';
import { newConversationSid } from '../conversations/index';
import { isDuplicateCarrierId, type InboundInsert } from './inbound-statement';
import { InboundWriter, inboundWriterOf } from './inbound-writer';
import { recordInboundText } from './index';
import { buildInbox, inboundText } from '../../test/conversation-factories';
import { asAnnounced } from '../../test/announced-conversation';

/** Group commit of inbound texts: batched statements give each text the outcome it would have had alone. */
const t = useTestApp();

/** `n` distinct random phone numbers. */
function phones(n: number): string[] {
  const out = new Set<string>();
  while (out.size < n) out.add(randomPhoneNumber('438'));
  return [...out];
}

function insert(
  to: string,
  from: string,
  body: string,
  carrierMessageId = `SM${crypto.randomUUID().replace(/-/g, '')}`,
): InboundInsert {
  return {
    messageId: crypto.randomUUID(),
    eventId: crypto.randomUUID(),
    eventDelivered: true,
    conversationSid: newConversationSid(),
    from,
    to,
    body,
    carrier: 'twilio',
    carrierMessageId,
    media: [],
    now: new Date(),
  };
}

/** The bodies of the conversation (team, from), in seq order, with their seqs. */
async function thread(teamId: string, from: string) {
  const [conv] = await t.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.teamId, teamId), eq(conversations.address, from)));
  if (!conv) return { lastSeq: 0, rows: [] };
  const rows = await t.deps.db
    .select({ seq: messages.seq, body: messages.body })
    .from(messages)
    .where(eq(messages.conversationId, conv.id))
    .orderBy(asc(messages.seq));
  return { lastSeq: conv.lastSeq, rows };
}

describe('InboundWriter', () => {
  it('writes texts that arrive together in fewer statements, each conversation in the order given', async () => {
    const { team } = await buildInbox();
    const senders = phones(10);
    const writer = new InboundWriter(t.deps.db, { maxInFlight: 1 });
    const values = [1, 2, 3].flatMap((round) =>
      senders.map((from) => insert(team.phoneNumber!, from, `texte ${round}`)),
    );
    const results = await Promise.all(values.map((v) => writer.write(v)));

    results.forEach((rows, i) => {
      expect(rows?.message).toMatchObject({
        id: values[i]!.messageId,
        body: values[i]!.body,
        from: values[i]!.from,
      });
      expect(rows?.conversation.lastMessageId).toBe(values[i]!.messageId);
    });
    // 30 texts, at most one statement in flight: the first goes alone, the rest in batches of distinct conversations.
    expect(writer.stats.texts).toBe(30);
    expect(writer.stats.statements).toBeLessThan(10);
    expect(writer.stats.largestBatch).toBeGreaterThan(1);
    for (const from of senders) {
      expect(await thread(team.id, from)).toEqual({
        lastSeq: 3,
        rows: [
          { seq: 1, body: 'texte 1' },
          { seq: 2, body: 'texte 2' },
          { seq: 3, body: 'texte 3' },
        ],
      });
    }
  });

  it('gives a retried carrier id its duplicate error alone, and still writes the rest of its batch', async () => {
    const { team } = await buildInbox();
    const [a, b, c] = phones(3) as [string, string, string];
    const writer = new InboundWriter(t.deps.db, { maxInFlight: 1 });
    const stored = insert(team.phoneNumber!, a, 'déjà reçu');
    await writer.write(stored);

    const retry = {
      ...insert(team.phoneNumber!, b, 'nouvelle tentative'),
      carrierMessageId: stored.carrierMessageId,
    };
    const twice = insert(team.phoneNumber!, c, 'deux fois dans le lot');
    // One statement with a, c and the retry (which fails it), then one with the two texts that share a carrier id.
    const outcomes = await Promise.allSettled([
      writer.write(insert(team.phoneNumber!, c, 'occupe le premier envoi')),
      writer.write(insert(team.phoneNumber!, a, 'normal')),
      writer.write(retry),
      writer.write(twice),
      writer.write({
        ...insert(team.phoneNumber!, b, 'même identifiant, même lot'),
        carrierMessageId: twice.carrierMessageId,
      }),
    ]);

    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    for (const o of outcomes) if (o.status === 'rejected') expect(isDuplicateCarrierId(o.reason)).toBe(true);
    // The stored retry is sifted out of its batch (the other two go again together); the carrier
    // id twice in one batch sends that batch one text at a time.
    expect(writer.stats).toMatchObject({ storedRetries: 1, fallbacks: 1 });
    expect((await thread(team.id, a)).rows.map((r) => r.body)).toEqual(['déjà reçu', 'normal']);
    expect((await thread(team.id, b)).rows).toEqual([]);
    expect((await thread(team.id, c)).rows.map((r) => r.body)).toEqual([
      'occupe le premier envoi',
      'deux fois dans le lot',
    ]);
  });

  it('after a restart, answers the retries of stored texts as duplicates and writes the new ones as one batch', async () => {
    const { team } = await buildInbox();
    const senders = phones(12);
    const before = new InboundWriter(t.deps.db);
    const acknowledged = senders.slice(0, 6).map((from) => insert(team.phoneNumber!, from, `avant ${from}`));
    await Promise.all(acknowledged.map((v) => before.write(v)));

    const after = new InboundWriter(t.deps.db, { maxInFlight: 1 });
    // The carrier resends the six (new message ids, same carrier ids) among six new texts.
    const retries = acknowledged.map((v) => ({
      ...insert(v.to, v.from, v.body),
      carrierMessageId: v.carrierMessageId,
    }));
    const fresh = senders.slice(6).map((from) => insert(team.phoneNumber!, from, `nouveau ${from}`));
    const outcomes = await Promise.allSettled([...retries, ...fresh].map((v) => after.write(v)));

    expect(outcomes.map((o) => o.status)).toEqual([
      ...retries.map(() => 'rejected'),
      ...fresh.map(() => 'fulfilled'),
    ]);
    for (const o of outcomes) if (o.status === 'rejected') expect(isDuplicateCarrierId(o.reason)).toBe(true);
    // One batch of the twelve fails, one look-up finds the six stored, the six new go again together.
    expect(after.stats).toMatchObject({ statements: 2, largestBatch: 12, fallbacks: 0, storedRetries: 6 });
    for (const v of acknowledged)
      expect((await thread(team.id, v.from)).rows).toEqual([{ seq: 1, body: v.body }]);
    for (const v of fresh) expect((await thread(team.id, v.from)).rows).toEqual([{ seq: 1, body: v.body }]);
  });

  it('resolves null for a number no team has, without failing the others', async () => {
    const { team } = await buildInbox();
    const [a, b] = phones(2) as [string, string];
    const writer = new InboundWriter(t.deps.db, { maxInFlight: 1 });
    const results = await Promise.all([
      writer.write(insert(team.phoneNumber!, a, 'avant')),
      writer.write(insert('+15149990002', b, 'personne')),
      writer.write(insert(team.phoneNumber!, b, 'équipe')),
    ]);
    expect(results.map((r) => r?.message.body ?? null)).toEqual(['avant', null, 'équipe']);
    // Queued in one turn of the event loop: one statement for the three.
    expect(writer.stats.statements).toBe(1);
    expect(await t.deps.db.select().from(messages).where(eq(messages.body, 'personne'))).toEqual([]);
  });

  it('announces from a batch exactly what the REST views then show', async () => {
    const { org, team, headers } = await buildInbox();
    const named = await buildContact({
      organizationId: org.id,
      firstName: '\u00a0Éloïse',
      lastName: "O'Brien\u3000",
    });
    const publish = vi.spyOn(t.deps.realtime, 'publish');
    const writer = inboundWriterOf(t.deps.db);
    const before = writer.stats.statements;
    try {
      const texts = [named.phone!, ...phones(5)].map((from, i) =>
        inboundText({
          to: team.phoneNumber!,
          from,
          body: `lot ${i} — « ça va » 👋`,
          media: i === 0 ? [{ url: 'https://x.test/a.jpg', contentType: 'image/jpeg' }] : [],
        }),
      );
      const results = await Promise.all(texts.map((text) => recordInboundText(t.deps, text)));
      expect(writer.stats.statements - before).toBeLessThan(texts.length);

      const mine = publish.mock.calls.filter((c) => c[0] === `team:${team.id}`);
      expect(mine.map((c) => c[1])).toEqual(texts.map(() => 'message:created'));
      for (const [i, result] of results.entries()) {
        const { message, conversation } = mine
          .map((c) => c[2] as { message: Message; conversation: Conversation })
          .find((p) => p.message.id === result.messageId)!;
        expect(conversation.lastMessage).toEqual(message);
        expect(conversation).toEqual(
          asAnnounced(
            (
              await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}`, headers })
            ).json<Conversation>(),
          ),
        );
        const page = (
          await t.app.inject({
            method: 'GET',
            url: `/api/conversations/${conversation.id}/messages`,
            headers,
          })
        ).json<MessagePage>();
        expect(page.items.find((m) => m.id === message.id)).toEqual(message);
        if (i === 0) {
          expect(message.authorName).toBe(presentContact(named).fullname);
          expect(conversation.contact).toEqual(presentContact(named));
        }
      }
    } finally {
      publish.mockRestore();
    }
  });

  it('two writers on one database (two processes) with crossing batches: no deadlock, every seq once', async () => {
    const { team } = await buildInbox();
    const senders = phones(12);
    const one = new InboundWriter(t.deps.db, { maxInFlight: 2 });
    const two = new InboundWriter(t.deps.db, { maxInFlight: 2 });
    const writes: Promise<unknown>[] = [];
    for (let round = 0; round < 5; round++) {
      senders.forEach((from, i) =>
        writes.push(one.write(insert(team.phoneNumber!, from, `un ${round} ${i}`))),
      );
      [...senders]
        .reverse()
        .forEach((from, i) => writes.push(two.write(insert(team.phoneNumber!, from, `deux ${round} ${i}`))));
    }
    await Promise.all(writes);
    // A deadlock would fail a batch (and its texts be written again one by one after the deadlock timeout).
    expect(one.stats.fallbacks + two.stats.fallbacks).toBe(0);
    expect(one.stats.largestBatch).toBeGreaterThan(1);
    const convs = await t.deps.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.teamId, team.id), inArray(conversations.address, senders)));
    expect(convs).toHaveLength(senders.length);
    for (const conv of convs) {
      const seqs = (
        await t.deps.db
          .select({ seq: messages.seq })
          .from(messages)
          .where(eq(messages.conversationId, conv.id))
          .orderBy(asc(messages.seq))
      ).map((r) => r.seq);
      expect(seqs).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      expect(conv.lastSeq).toBe(10);
    }
  });
});
