import { AppError } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../db/schema/messages';
import * as service from '../../../modules/messages/index';
import { authHeader, buildContact, buildOrganization, buildTeam, buildUser } from '../../../test/factories';
import { accessTokenFor } from '../../../test/signed-in';
import fixtures from './fixtures/twilio-messaging-webhooks.json';
import { twilioErrorBody } from './testing/twilio-api-stand-in';
import { formBody, twilioSignature } from './testing/twilio-request-mutations';
import { useTwilioTestApp } from './testing/use-twilio-test-app';

/**
 * The two webhook routes as Twilio meets them: what they answer (TwiML, 204, the error shape),
 * what they log for the operator (retries, texts to no team), which inbox errors they swallow,
 * how the status callback's own `?messageId=` finds a text, and how the API describes them.
 */

// Spies that pass through unless a test makes one throw.
vi.mock('../../../modules/messages/index', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../modules/messages/index')>();
  return {
    ...real,
    recordInboundText: vi.fn(real.recordInboundText),
    applyCarrierStatus: vi.fn(real.applyCarrierStatus),
  };
});

const AUTH_TOKEN = 'routes-test-auth-token-0123456789';
const PUBLIC_URL = 'https://accueil.example.test';
const INBOUND = '/api/webhooks/twilio/messaging';
const STATUS = '/api/webhooks/twilio/message-status';
type Params = Record<string, string>;

/** Every log line the app wrote, parsed. */
type LogLine = { level: number; msg: string; [key: string]: unknown };
const logs: LogLine[] = [];
const twilio = useTwilioTestApp({
  authToken: AUTH_TOKEN,
  publicUrl: PUBLIC_URL,
  logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) } },
});
const { t } = twilio;
const WARN = 40;
const INFO = 30;
const logged = (msg: string) => logs.filter((l) => l.msg.includes(msg));

beforeEach(() => {
  logs.length = 0;
});

const sign = (path: string, params: Params) =>
  twilioSignature(AUTH_TOKEN, PUBLIC_URL + path, Object.entries(params));
const postSigned = (path: string, params: Params, contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': contentType, 'x-twilio-signature': sign(path, params) },
    payload: contentType.includes('json') ? JSON.stringify(params) : formBody(Object.entries(params)),
  });

async function inboundText() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const contact = await buildContact({ organizationId: org.id });
  const sid = `SM${randomUUID().replace(/-/g, '')}`;
  const params: Params = {
    ...fixtures.inbound_sms,
    To: team.phoneNumber!,
    From: contact.phone!,
    MessageSid: sid,
    SmsSid: sid,
    SmsMessageSid: sid,
  };
  return { sid, params };
}
const storedWithSid = (sid: string) =>
  t.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.carrier, 'twilio'), eq(messages.carrierMessageId, sid)));

describe('Twilio incoming-message route', () => {
  it('logs nothing about a retry on a first delivery, and logs the MessageSid of a retry', async () => {
    const { params, sid } = await inboundText();
    expect((await postSigned(INBOUND, params)).statusCode).toBe(200);
    expect(logged('retry of a stored text')).toEqual([]);
    const retry = await postSigned(INBOUND, params);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(logged('retry of a stored text')).toEqual([
      expect.objectContaining({ level: INFO, messageSid: sid }),
    ]);
  });

  it('logs a text to a number no team has, with its MessageSid and number', async () => {
    const { params, sid } = await inboundText();
    const res = await postSigned(INBOUND, { ...params, To: '+15149990001' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(logged('no team has this number')).toEqual([
      expect.objectContaining({ level: WARN, messageSid: sid, to: '+15149990001' }),
    ]);
  });

  // (A 500 is left out: the API description lists none, and the test app checks every answer against it.)
  it.each([
    ['an AppError other than not-found', new AppError('validation-failed', 'bad text')],
    [
      'an error that is no AppError, even one with code not-found',
      Object.assign(new Error('bad request'), { code: 'not-found', statusCode: 400 }),
    ],
  ])(
    'answers the error when the inbox fails with %s (Twilio then tries its fallback)',
    async (_name, error) => {
      vi.mocked(service.recordInboundText).mockRejectedValueOnce(error);
      const { params } = await inboundText();
      const res = await postSigned(INBOUND, params);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(logged('no team has this number')).toEqual([]);
    },
  );

  it('refuses the signed fields posted as JSON with 415 and stores nothing', async () => {
    const { params, sid } = await inboundText();
    const res = await postSigned(INBOUND, params, 'application/json');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported-media-type' });
    expect(await storedWithSid(sid)).toEqual([]);
  });

  it('refuses an unsigned request with 403 signature-invalid in the error shape', async () => {
    const { params, sid } = await inboundText();
    const res = await t.app.inject({
      method: 'POST',
      url: INBOUND,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(Object.entries(params)),
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 'signature-invalid', message: expect.any(String) });
    expect(await storedWithSid(sid)).toEqual([]);
  });
});

type SentMessage = {
  id: string;
  conversationId: string;
  messageSid: string | null;
  status: string;
  errorCode: string | null;
};

/** Staff text a new contact; `answer` is how the Twilio stand-in answers the send. */
async function staffSends(answer?: Parameters<typeof twilio.api.answerWith>[0]) {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const contact = await buildContact({ organizationId: org.id });
  const jwt = await accessTokenFor(await buildUser({ organizationId: org.id, teamIds: [team.id] }));
  if (answer) twilio.api.answerWith(answer);
  try {
    const conv = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: authHeader(jwt),
      payload: { to: contact.phone, body: 'Rappel' },
    });
    expect(conv.statusCode).toBe(201);
    const { lastMessage: message, id: convId } = conv.json<{ id: string; lastMessage: SentMessage }>();
    const current = async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${convId}/messages`,
        headers: authHeader(jwt),
      });
      return page.json<{ items: SentMessage[] }>().items.find((m) => m.id === message.id)!;
    };
    return { team, contact, message, current };
  } finally {
    twilio.api.reset();
  }
}

describe('Twilio status-callback route', () => {
  it('finds a text whose send answer was lost by the ?messageId= of its callback URL', async () => {
    const { team, contact, message, current } = await staffSends(() =>
      twilioErrorBody(503, 20503, 'Service Unavailable'),
    );
    expect(message).toMatchObject({ status: 'unknown', messageSid: null });
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const params = {
      ...fixtures.status_delivered,
      MessageSid: sid,
      SmsSid: sid,
      From: team.phoneNumber!,
      To: contact.phone!,
    };
    // Without our id the callback names a MessageSid we never stored: nothing changes.
    expect((await postSigned(STATUS, params)).statusCode).toBe(204);
    expect(await current()).toMatchObject({ status: 'unknown', messageSid: null });
    const res = await postSigned(`${STATUS}?messageId=${message.id}`, params);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await current()).toMatchObject({ status: 'delivered', messageSid: sid });
  });

  it('answers 204 and writes nothing for a step before the handset network', async () => {
    const { team, contact, message, current } = await staffSends();
    const calls = vi.mocked(service.applyCarrierStatus).mock.calls.length;
    const queued = {
      ...fixtures.status_sent,
      MessageSid: message.messageSid!,
      MessageStatus: 'queued',
      SmsStatus: 'queued',
      From: team.phoneNumber!,
      To: contact.phone!,
    };
    expect((await postSigned(`${STATUS}?messageId=${message.id}`, queued)).statusCode).toBe(204);
    expect(vi.mocked(service.applyCarrierStatus).mock.calls.length).toBe(calls);
    expect(await current()).toMatchObject({ status: 'sent' });
  });

  it('answers 400 validation-failed to a signed callback without MessageSid', async () => {
    const { MessageSid: _omit, ...rest } = fixtures.status_delivered;
    const res = await postSigned(STATUS, rest);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation-failed',
      details: [{ location: 'body', path: 'MessageSid', message: 'Required' }],
    });
  });

  it('refuses an unsigned callback with 403 signature-invalid', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: STATUS,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(Object.entries(fixtures.status_delivered)),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'signature-invalid' });
  });
});

describe('API description of the Twilio webhooks', () => {
  it('describes both routes under webhooks, with their form body and success answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenAPIV3.Document>();
    const inbound = doc.paths[INBOUND]?.post;
    const status = doc.paths[STATUS]?.post;
    expect(inbound).toMatchObject({
      tags: ['webhooks'],
      summary: 'Twilio incoming message (answers empty TwiML)',
    });
    expect(status).toMatchObject({ tags: ['webhooks'], summary: 'Twilio message status callback' });
    for (const op of [inbound, status]) {
      expect(Object.keys((op?.requestBody as OpenAPIV3.RequestBodyObject).content)).toEqual([
        'application/x-www-form-urlencoded',
      ]);
    }
    expect(inbound?.responses['200']).toMatchObject({
      content: { 'text/xml': { schema: { type: 'string' } } },
    });
    expect(Object.keys(inbound?.responses ?? {})).not.toContain('204');
    expect(status?.responses['204']).toBeDefined();
    expect(status?.responses['204']).not.toHaveProperty('content');
    expect(Object.keys(status?.responses ?? {})).not.toContain('200');
  });
});
