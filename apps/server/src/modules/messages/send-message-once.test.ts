import { IDEMPOTENCY_KEY_MAX_CHARS, MESSAGING_SEND_TIMEOUT_MS, type Message } from '@accueil/domain';
import { createHmac, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  messageCreated,
  twilioErrorBody,
  type TwilioApiAnswer,
} from '../../carriers/messaging/twilio/testing/twilio-api-stand-in';
import { twilioConversation } from '../../carriers/messaging/twilio/testing/twilio-conversation';
import { useTwilioTestApp } from '../../carriers/messaging/twilio/testing/use-twilio-test-app';
import { accessTokenFor } from '../../test/signed-in';

// Outbound exactly once (docs/behaviour/messages.md), through the Twilio adapter and its local stand-in (each
// request the stand-in receives is one text handed to the phone network).
const AUTH_TOKEN = 'send-once-auth-token-0123456789';
const PUBLIC_URL = 'https://accueil.example.test';
const STATUS = '/api/webhooks/twilio/message-status';

const twilio = useTwilioTestApp({ authToken: AUTH_TOKEN, publicUrl: PUBLIC_URL });
const { t } = twilio;
afterEach(() => {
  vi.useRealTimers();
  twilio.api.answerWith((form) => messageCreated(form));
});

/** A new inbox with a conversation with a new contact; `send` posts a text to it. */
const conversationWithPhone = () => twilioConversation(t, () => twilio.api);

function signedStatus(messageId: string, params: Record<string, string>) {
  const url = `${STATUS}?messageId=${messageId}`;
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], PUBLIC_URL + url);
  const signature = createHmac('sha1', AUTH_TOKEN).update(data, 'utf8').digest('base64');
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('POST /api/conversations/:id/messages with Idempotency-Key', () => {
  it('answers the same message to a retry with the same key: one message, one text at the phone', async () => {
    const c = await conversationWithPhone();
    const key = randomUUID();
    const first = await c.send('Rappel: rendez-vous demain 9 h', key);
    const again = await c.send('Rappel: rendez-vous demain 9 h', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Message>()).toMatchObject({
      id: first.json<Message>().id,
      status: 'sent',
      messageSid: first.json<Message>().messageSid,
    });
    expect(await c.stored()).toHaveLength(1);
    expect(c.atPhone()).toBe(1);
  });

  it('creates one message for concurrent requests with the same key', async () => {
    const c = await conversationWithPhone();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => c.send('Une fois seulement', key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json<Message>().id)).size).toBe(1);
    expect(await c.stored()).toHaveLength(1);
    expect(c.atPhone()).toBe(1);
  });

  it('refuses the same key with another payload (422 idempotency-conflict), sending nothing', async () => {
    const c = await conversationWithPhone();
    const key = randomUUID();
    expect((await c.send('Premier texte', key)).statusCode).toBe(201);
    const other = await c.send('Autre texte', key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'idempotency-conflict',
      message: expect.stringMatching(/another message/),
    });
    expect(await c.stored()).toHaveLength(1);
    expect(c.atPhone()).toBe(1);
  });

  it('keeps keys per user: another user of the team with the same key sends their own text', async () => {
    const c = await conversationWithPhone();
    const key = randomUUID();
    expect((await c.send('De Marie', key)).statusCode).toBe(201);
    const { buildUser, authHeader } = await import('../../test/factories');
    const colleague = await buildUser({ organizationId: c.org.id, teamIds: [c.team.id] });
    const jwt = await accessTokenFor(colleague);
    expect((await c.send('De Marie', key, authHeader(jwt))).statusCode).toBe(201);
    expect(await c.stored()).toHaveLength(2);
  });

  it('sends every request without a key, and refuses an empty or too long key (400)', async () => {
    const c = await conversationWithPhone();
    expect((await c.send('sans clé')).statusCode).toBe(201);
    expect((await c.send('sans clé')).statusCode).toBe(201);
    expect((await c.send('clé vide', '')).json()).toMatchObject({ code: 'validation-failed' });
    const long = await c.send('clé trop longue', 'k'.repeat(IDEMPOTENCY_KEY_MAX_CHARS + 1));
    expect(long.statusCode).toBe(400);
    expect((await c.send('clé max', 'k'.repeat(IDEMPOTENCY_KEY_MAX_CHARS))).statusCode).toBe(201);
    expect(await c.stored()).toHaveLength(3);
  });
});

describe('a carrier call whose outcome is unknown', () => {
  it('answers unknown (not failed) when Twilio answers 500, and does not send again', async () => {
    const c = await conversationWithPhone();
    twilio.api.answerWith(() => twilioErrorBody(500, 20500, 'Internal Server Error'));
    const key = randomUUID();
    const sent = await c.send('Texte au sort incertain', key);
    expect(sent.statusCode).toBe(201);
    expect(sent.json<Message>()).toMatchObject({ status: 'unknown', messageSid: null });
    const retried = await c.send('Texte au sort incertain', key);
    expect(retried.json<Message>()).toMatchObject({ id: sent.json<Message>().id, status: 'unknown' });
    await new Promise((r) => setTimeout(r, 200));
    expect(c.atPhone()).toBe(1);
    expect(await c.stored()).toHaveLength(1);
  });

  it('marks a send that times out unknown, then the status callback (naming our id) reconciles it', async () => {
    const c = await conversationWithPhone();
    let release: (answer: TwilioApiAnswer) => void = () => undefined;
    twilio.api.answerWith(() => new Promise<TwilioApiAnswer>((resolve) => (release = resolve)));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = c.send('Twilio ne répond pas');
    await vi.waitFor(() => expect(c.atPhone()).toBe(1), { timeout: 5000 });
    await vi.advanceTimersByTimeAsync(MESSAGING_SEND_TIMEOUT_MS);
    const sent = (await pending).json<Message>();
    vi.useRealTimers();
    expect(sent).toMatchObject({ status: 'unknown', messageSid: null });

    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const callback = await signedStatus(sent.id, {
      MessageSid: sid,
      SmsSid: sid,
      MessageStatus: 'delivered',
      SmsStatus: 'delivered',
      To: c.contact.phone!,
      From: c.team.phoneNumber!,
      AccountSid: 'AC00000000000000000000000000000001',
      ApiVersion: '2010-04-01',
    });
    expect(callback.statusCode).toBe(204);
    const [row] = await c.stored();
    expect(row).toMatchObject({ id: sent.id, status: 'delivered', carrierMessageId: sid });

    // Twilio's answer finally comes: it moves nothing backwards, and nothing is sent again.
    const late = messageCreated(twilio.api.requests.at(-1)!.form);
    release({ ...late, body: { ...(late.body as object), sid } });
    await new Promise((r) => setTimeout(r, 200));
    expect((await c.stored())[0]).toMatchObject({ status: 'delivered', carrierMessageId: sid });
    expect(c.atPhone()).toBe(1);
  });

  it('stores the carrier’s late answer when no status callback came first', async () => {
    const c = await conversationWithPhone();
    let release: (answer: TwilioApiAnswer) => void = () => undefined;
    twilio.api.answerWith(() => new Promise<TwilioApiAnswer>((resolve) => (release = resolve)));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = c.send('Réponse tardive');
    await vi.waitFor(() => expect(c.atPhone()).toBe(1), { timeout: 5000 });
    await vi.advanceTimersByTimeAsync(MESSAGING_SEND_TIMEOUT_MS);
    expect((await pending).json<Message>().status).toBe('unknown');
    vi.useRealTimers();
    const late = messageCreated(twilio.api.requests.at(-1)!.form);
    release(late);
    await vi.waitFor(
      async () =>
        expect((await c.stored())[0]).toMatchObject({
          status: 'sent',
          carrierMessageId: (late.body as { sid: string }).sid,
        }),
      { timeout: 5000 },
    );
  });
});
