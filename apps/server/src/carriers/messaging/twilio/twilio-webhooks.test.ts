import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../db/schema/messages';
import { authHeader, buildContact, buildOrganization, buildTeam, buildUser } from '../../../test/factories';
import { accessTokenFor } from '../../../test/signed-in';
import { useTwilioTestApp } from './testing/use-twilio-test-app';
import fixtures from './fixtures/twilio-messaging-webhooks.json';

const AUTH_TOKEN = 'webhook-test-auth-token-0123456789';
const PUBLIC_URL = 'https://accueil.example.test';
const INBOUND = '/api/webhooks/twilio/messaging';
const STATUS = '/api/webhooks/twilio/message-status';
type Params = Record<string, string>;

/**
 * Twilio's signature, computed here independently of the library: base64 HMAC-SHA1 (auth
 * token) over the full URL followed by every parameter name and value, sorted by name.
 */
function sign(url: string, params: Params, token = AUTH_TOKEN): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', token).update(data, 'utf8').digest('base64');
}

const twilio = useTwilioTestApp({ authToken: AUTH_TOKEN, publicUrl: PUBLIC_URL });
const { t } = twilio;

function post(path: string, params: Params, signature: string | null) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}
const postSigned = (path: string, params: Params) => post(path, params, sign(PUBLIC_URL + path, params));

/** A fixture re-addressed to this test's own team and phone, with a fresh MessageSid. */
async function inboundFixture(name: 'inbound_sms' | 'inbound_sms_messaging_service' | 'inbound_mms') {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const contact = await buildContact({ organizationId: org.id });
  const sid = `SM${randomUUID().replace(/-/g, '')}`;
  const params: Params = {
    ...fixtures[name],
    To: team.phoneNumber!,
    From: contact.phone!,
    MessageSid: sid,
    SmsSid: sid,
    SmsMessageSid: sid,
  };
  return { org, team, contact, sid, params };
}

const storedWithSid = (sid: string) =>
  t.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.carrier, 'twilio'), eq(messages.carrierMessageId, sid)));

describe('Twilio inbound webhook', () => {
  it.each(['inbound_sms', 'inbound_sms_messaging_service', 'inbound_mms'] as const)(
    'accepts a signed %s and stores it once',
    async (name) => {
      const { params, sid, team, contact, org } = await inboundFixture(name);
      const res = await postSigned(INBOUND, params);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/xml/);
      expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      const rows = await storedWithSid(sid);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        organizationId: org.id,
        from: contact.phone,
        to: team.phoneNumber,
        body: params.Body,
        direction: 'inbound',
        status: 'received',
      });
      const expectedMedia =
        name === 'inbound_mms'
          ? [
              { url: fixtures.inbound_mms.MediaUrl0, contentType: 'image/jpeg' },
              { url: fixtures.inbound_mms.MediaUrl1, contentType: 'application/pdf' },
            ]
          : [];
      expect(rows[0]?.media).toEqual(expectedMedia);
    },
  );

  it('stores a retried MessageSid once and still answers 200', async () => {
    const { params, sid } = await inboundFixture('inbound_sms');
    expect((await postSigned(INBOUND, params)).statusCode).toBe(200);
    const retry = await postSigned(INBOUND, params);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toContain('<Response/>');
    expect(await storedWithSid(sid)).toHaveLength(1);
  });

  it('acknowledges a text to a number no team has (200, nothing stored)', async () => {
    const { params, sid } = await inboundFixture('inbound_sms');
    const orphan = { ...params, To: '+15149990000' };
    const res = await postSigned(INBOUND, orphan);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<Response/>');
    expect(await storedWithSid(sid)).toHaveLength(0);
  });

  describe('refuses a forged request with 403 signature-invalid and writes nothing', () => {
    const cases: [string, (p: Params) => { path: string; params: Params; signature: string | null }][] = [
      [
        'signed with another auth token',
        (p) => ({ path: INBOUND, params: p, signature: sign(PUBLIC_URL + INBOUND, p, 'another-token') }),
      ],
      [
        'a parameter changed after signing',
        (p) => ({
          path: INBOUND,
          params: { ...p, Body: 'changed' },
          signature: sign(PUBLIC_URL + INBOUND, p),
        }),
      ],
      [
        'a parameter added after signing',
        (p) => ({ path: INBOUND, params: { ...p, Extra: '1' }, signature: sign(PUBLIC_URL + INBOUND, p) }),
      ],
      ['no X-Twilio-Signature header', (p) => ({ path: INBOUND, params: p, signature: null })],
      [
        'signed for another host',
        (p) => ({ path: INBOUND, params: p, signature: sign(`https://evil.example.test${INBOUND}`, p) }),
      ],
      [
        'signed for another path',
        (p) => ({ path: INBOUND, params: p, signature: sign(PUBLIC_URL + STATUS, p) }),
      ],
    ];
    it.each(cases)('%s', async (_name, forge) => {
      const { params, sid } = await inboundFixture('inbound_sms');
      const forged = forge(params);
      const res = await post(forged.path, forged.params, forged.signature);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'signature-invalid' });
      expect(await storedWithSid(sid)).toHaveLength(0);
    });
  });

  it('signs over the query string as received', async () => {
    const { params, sid } = await inboundFixture('inbound_sms');
    const path = `${INBOUND}?team=main`;
    expect((await post(path, params, sign(PUBLIC_URL + path, params))).statusCode).toBe(200);
    expect(await storedWithSid(sid)).toHaveLength(1);
  });

  it('answers 400 to a signed request without MessageSid, storing nothing', async () => {
    const { params } = await inboundFixture('inbound_sms');
    const { MessageSid: _omit, ...rest } = params;
    const res = await postSigned(INBOUND, rest);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-failed' });
  });
});

type SentMessage = {
  id: string;
  conversationId: string;
  messageSid: string;
  status: string;
  errorCode: string | null;
};

/** Staff of a new team text a new contact through the API; Twilio (the stand-in) accepts it. */
async function staffSends(body = 'Votre rendez-vous est confirmé.') {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const contact = await buildContact({ organizationId: org.id });
  const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const jwt = await accessTokenFor(user);
  const conv = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: authHeader(jwt),
    payload: { to: contact.phone },
  });
  expect(conv.statusCode).toBe(201);
  const convId = conv.json<{ id: string }>().id;
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${convId}/messages`,
    headers: authHeader(jwt),
    payload: { body },
  });
  expect(sent.statusCode).toBe(201);
  const message = sent.json<SentMessage>();
  const current = async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${convId}/messages`,
      headers: authHeader(jwt),
    });
    return page.json<{ items: SentMessage[] }>().items.find((m) => m.id === message.id)!;
  };
  return { team, contact, message, current };
}

const statusParams = (fixture: Params, sid: string, from: string, to: string): Params => ({
  ...fixture,
  MessageSid: sid,
  SmsSid: sid,
  From: from,
  To: to,
});

describe('Twilio status callbacks', () => {
  it('sends through Twilio with the status callback URL, then follows sent → delivered', async () => {
    const { team, contact, message, current } = await staffSends();
    const request = twilio.api.requests.find((r) => r.form.get('To') === contact.phone)!;
    expect(Object.fromEntries(request.form)).toMatchObject({ From: team.phoneNumber, To: contact.phone });
    expect(request.form.get('StatusCallback')).toBe(`${PUBLIC_URL}${STATUS}?messageId=${message.id}`);
    expect(message.status).toBe('sent');
    expect(message.messageSid).toMatch(/^SM/);
    const delivered = await postSigned(
      STATUS,
      statusParams(fixtures.status_delivered, message.messageSid, team.phoneNumber!, contact.phone!),
    );
    expect(delivered.statusCode).toBe(204);
    expect((await current()).status).toBe('delivered');
  });

  it('never moves backwards: delivered, then a late sent, stays delivered', async () => {
    const { team, contact, message, current } = await staffSends();
    const sid = message.messageSid;
    expect(
      (
        await postSigned(
          STATUS,
          statusParams(fixtures.status_delivered, sid, team.phoneNumber!, contact.phone!),
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (await postSigned(STATUS, statusParams(fixtures.status_sent, sid, team.phoneNumber!, contact.phone!)))
        .statusCode,
    ).toBe(204);
    expect((await current()).status).toBe('delivered');
  });

  it('marks undelivered 30006 (landline) as failed with its error code', async () => {
    const { team, contact, message, current } = await staffSends();
    const res = await postSigned(
      STATUS,
      statusParams(
        fixtures.status_undelivered_landline,
        message.messageSid,
        team.phoneNumber!,
        contact.phone!,
      ),
    );
    expect(res.statusCode).toBe(204);
    expect(await current()).toMatchObject({ status: 'failed', errorCode: '30006' });
  });

  it('ignores queued/sending steps and refuses an unsigned callback without changing the message', async () => {
    const { team, contact, message, current } = await staffSends();
    const sid = message.messageSid;
    const queued = {
      ...statusParams(fixtures.status_sent, sid, team.phoneNumber!, contact.phone!),
      MessageStatus: 'queued',
      SmsStatus: 'queued',
    };
    expect((await postSigned(STATUS, queued)).statusCode).toBe(204);
    const forged = statusParams(fixtures.status_undelivered_landline, sid, team.phoneNumber!, contact.phone!);
    const res = await post(STATUS, forged, sign(PUBLIC_URL + STATUS, forged, 'another-token'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'signature-invalid' });
    expect(await current()).toMatchObject({ status: 'sent', errorCode: null });
  });
});

describe('carrier-specific routes', () => {
  it('has no sandbox routes with the Twilio carrier', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sandbox/directory' });
    expect(res.statusCode).toBe(404);
  });
});
