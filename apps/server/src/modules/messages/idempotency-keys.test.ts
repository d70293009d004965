import { IDEMPOTENCY_KEY_TTL_MS, type Message, type TextBlock } from '@accueil/domain';
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';
import { messages } from '../../db/schema/messages';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { useTestApp } from '../../test/test-app';
import { sendMessage } from './send-message';

/**
 * Outbound exactly once (docs/behaviour/messages.md): what makes two sends with one
 * `Idempotency-Key` the same payload (conversation, body or quick message, `to`), and the 24 h
 * life of a key; plus the options `sendMessage` passes on to the stored text.
 */
const t = useTestApp();

const MINUTE_MS = 60_000;

/** A team's conversation; `send` posts `payload` to it, with `key` as its Idempotency-Key. */
async function conversation() {
  const inbox = await buildInbox();
  const conv = await buildConversation({ organizationId: inbox.org.id, teamId: inbox.team.id });
  const send = (payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conv.id}/messages`,
      headers: { ...inbox.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });
  const quickMessage = async (body: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/organizations/${inbox.org.id}/text-blocks`,
        headers: inbox.headers,
        payload: { title: 'Q', body },
      })
    ).json<TextBlock>();
  const stored = () => t.deps.db.select().from(messages).where(eq(messages.conversationId, conv.id));
  const ctx = {
    organizationId: inbox.org.id,
    userId: inbox.user.id,
    sessionId: randomUUID(),
    role: 'user' as const,
    teamId: inbox.team.id,
  };
  return { ...inbox, conv, ctx, send, quickMessage, stored };
}

/** Moves the creation of `key` to `ageMs` ago. */
async function age(key: string, ageMs: number): Promise<void> {
  await t.deps.db
    .update(idempotencyKeys)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(idempotencyKeys.key, key));
}

describe('the payload an Idempotency-Key is bound to', () => {
  it('replays the same quick message, and refuses another quick message, or one with `to` added, with the key', async () => {
    const c = await conversation();
    const [first, second] = [await c.quickMessage('Bonjour'), await c.quickMessage('Bonsoir')];
    const key = randomUUID();
    const sent = await c.send({ textBlockId: first.id }, key);
    expect(sent.statusCode).toBe(201);
    const again = await c.send({ textBlockId: first.id }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Message>().id).toBe(sent.json<Message>().id);
    const other = await c.send({ textBlockId: second.id }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency-conflict' });
    expect((await c.send({ textBlockId: first.id, to: c.conv.address }, key)).statusCode).toBe(422);
    expect(await c.stored()).toHaveLength(1);
  });

  it('refuses a retry that adds `to`, even the conversation’s own number', async () => {
    const c = await conversation();
    const key = randomUUID();
    expect((await c.send({ body: 'Rappel' }, key)).statusCode).toBe(201);
    const withTo = await c.send({ body: 'Rappel', to: c.conv.address }, key);
    expect(withTo.statusCode).toBe(422);
    expect(withTo.json()).toMatchObject({ code: 'idempotency-conflict' });
    expect(await c.stored()).toHaveLength(1);
  });

  it('still replays a typed text whose key was claimed before quick messages existed', async () => {
    const c = await conversation();
    const key = randomUUID();
    const sent = await c.send({ body: 'Ancien format' }, key);
    // The hash as it was stored before quick messages: conversation, body, to.
    const before = createHash('sha256')
      .update(JSON.stringify([c.conv.id, 'Ancien format', null]))
      .digest('hex');
    await t.deps.db.update(idempotencyKeys).set({ requestHash: before }).where(eq(idempotencyKeys.key, key));
    const again = await c.send({ body: 'Ancien format' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Message>().id).toBe(sent.json<Message>().id);
  });
});

describe('the life of an Idempotency-Key', () => {
  it('keeps a key for IDEMPOTENCY_KEY_TTL_MS, then forgets it: the key then sends a new text', async () => {
    const c = await conversation();
    const key = randomUUID();
    expect((await c.send({ body: 'Premier' }, key)).statusCode).toBe(201);
    await age(key, IDEMPOTENCY_KEY_TTL_MS - MINUTE_MS);
    expect((await c.send({ body: 'Second' }, key)).statusCode).toBe(422);
    await age(key, IDEMPOTENCY_KEY_TTL_MS + MINUTE_MS);
    const fresh = await c.send({ body: 'Second' }, key);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect((await c.stored()).map((m) => m.body).sort()).toEqual(['Premier', 'Second']);
  });
});

describe('sendMessage', () => {
  it('refuses a send with neither a text nor a quick message, storing nothing', async () => {
    const c = await conversation();
    await expect(sendMessage(t.deps, c.ctx, { conversationId: c.conv.id })).rejects.toMatchObject({
      code: 'validation-failed',
      details: { field: 'body' },
    });
    expect(await c.stored()).toEqual([]);
  });

  it('checks `to` against the conversation’s number', async () => {
    const c = await conversation();
    const wrong = await c.send({ body: 'Rappel', to: '+15145559876' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'validation-failed', details: { field: 'to' } });
    expect((await c.send({ body: 'Rappel', to: c.conv.address })).statusCode).toBe(201);
    expect(await c.stored()).toHaveLength(1);
  });

  it('signs an automatic reply `automatic`, with no user', async () => {
    const c = await conversation();
    const { message } = await sendMessage(t.deps, c.ctx, {
      conversationId: c.conv.id,
      body: 'Nous sommes fermés',
      automatic: true,
    });
    expect(message).toMatchObject({ author: 'automatic', automatic: true });
    const [row] = await c.stored();
    expect(row).toMatchObject({ author: 'automatic', authorUserId: null, automatic: true });
  });
});
