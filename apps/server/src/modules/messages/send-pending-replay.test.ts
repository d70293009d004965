import type { Message } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageCreated } from '../../carriers/messaging/twilio/testing/twilio-api-stand-in';
import { twilioConversation } from '../../carriers/messaging/twilio/testing/twilio-conversation';
import { useTwilioTestApp } from '../../carriers/messaging/twilio/testing/use-twilio-test-app';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';
import { messages } from '../../db/schema/messages';
import { sendRequestHash } from './idempotency-keys';
import { sendMessagesInBulk } from './send-messages-in-bulk';

// A text stored and never handed to the carrier — its process died while it waited for its
// number's send slot (docs/behaviour/messages.md, "Exactly once") — is handed over by the send
// that replays its key, once, however many replay it.
const twilio = useTwilioTestApp({
  authToken: 'pending-replay-token',
  publicUrl: 'https://accueil.example.test',
});
const { t } = twilio;

const conversation = () => twilioConversation(t, () => twilio.api);

/**
 * What a process that died after storing `body` under `key` leaves: the message `sending`, its
 * carrier call pending, the key bound to it. Made by sending it, then putting the row back.
 */
async function storedNeverHanded(c: Awaited<ReturnType<typeof conversation>>, body: string, key: string) {
  const sent = await c.send(body, randomUUID());
  expect(sent.statusCode).toBe(201);
  const id = sent.json<Message>().id;
  await t.deps.db
    .update(messages)
    .set({ status: 'sending', carrierMessageId: null, carrierCallPending: true })
    .where(eq(messages.id, id));
  await t.deps.db.insert(idempotencyKeys).values({
    organizationId: c.org.id,
    userId: c.user.id,
    key,
    requestHash: sendRequestHash(c.conversationId, { body }),
    messageId: id,
  });
  return id;
}

describe('a replayed text that was never handed to the carrier', () => {
  it('is handed over by the replaying request, once: a second replay sends nothing', async () => {
    const c = await conversation();
    const key = randomUUID();
    const id = await storedNeverHanded(c, 'Votre rendez-vous est confirmé', key);
    const before = c.atPhone();

    const replay = await c.send('Votre rendez-vous est confirmé', key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<Message>()).toMatchObject({ id, status: 'sent' });
    expect(c.atPhone()).toBe(before + 1);

    const again = await c.send('Votre rendez-vous est confirmé', key);
    expect(again.json<Message>()).toMatchObject({ id, status: 'sent' });
    expect(c.atPhone()).toBe(before + 1);
    const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.carrierCallPending).toBe(false);
  });

  it('is handed over once when the first request still waits for its slot as the retry comes', async () => {
    const c = await conversation();
    const from = (await c.send('Bonjour', randomUUID())).json<Message>().from;
    // The team's number is busy for the next 1.5 s (Twilio: one text per second per number).
    await t.deps.db.execute(
      sql`INSERT INTO sender_number_slots (organization_id, phone_number, claimed_from, next_free_at)
          VALUES (${c.org.id}, ${from}, now(), now() + interval '1500 milliseconds')
          ON CONFLICT (organization_id, phone_number) DO UPDATE SET next_free_at = EXCLUDED.next_free_at`,
    );
    const before = c.atPhone();
    const key = randomUUID();
    const first = c.send('Merci de confirmer votre présence', key);
    await new Promise((r) => setTimeout(r, 200));
    const retry = c.send('Merci de confirmer votre présence', key);
    const [a, b] = await Promise.all([first, retry]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json<Message>().id).toBe(a.json<Message>().id);
    expect(c.atPhone()).toBe(before + 1);
  });

  it('is handed over by a bulk send that replays its key (the scheduled sends), once', async () => {
    const c = await conversation();
    const key = `scheduled:${randomUUID()}:1`;
    const body = 'Rappel : rendez-vous demain à 9 h';
    const id = await storedNeverHanded(c, body, key);
    const before = c.atPhone();
    const text = {
      conversationId: c.conversationId,
      teamId: c.team.id,
      userId: c.user.id,
      body,
      idempotencyKey: key,
    };

    const [first] = await sendMessagesInBulk(t.deps, c.org.id, [text]);
    expect(first).toMatchObject({ kind: 'replayed', message: { id, status: 'sent' } });
    expect(c.atPhone()).toBe(before + 1);
    const [second] = await sendMessagesInBulk(t.deps, c.org.id, [text]);
    expect(second).toMatchObject({ kind: 'replayed', message: { id } });
    expect(c.atPhone()).toBe(before + 1);
  });

  it('is not sent again when another process took its call first', async () => {
    twilio.api.answerWith((form) => messageCreated(form));
    const c = await conversation();
    const key = randomUUID();
    const id = await storedNeverHanded(c, 'Le bureau est fermé lundi', key);
    // Another process took the call and is sending it right now.
    await t.deps.db.update(messages).set({ carrierCallPending: false }).where(eq(messages.id, id));
    const before = c.atPhone();
    const replay = await c.send('Le bureau est fermé lundi', key);
    expect(replay.json<Message>()).toMatchObject({ id, status: 'sending' });
    expect(c.atPhone()).toBe(before);
  });
});
