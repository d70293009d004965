import { apiErrorSchema } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { conversations } from '../../../db/schema/conversations';
import { messages } from '../../../db/schema/messages';
import { authHeader, buildContact, buildOrganization, buildTeam, buildUser } from '../../../test/factories';
import { accessTokenFor } from '../../../test/signed-in';
import { answerOrHang } from '../../../test/hostile/hostile-checks';
import { useTwilioTestApp } from './testing/use-twilio-test-app';
import * as service from '../../../modules/messages/index';
import fixtures from './fixtures/twilio-messaging-webhooks.json';
import {
  forgedRequest,
  genuineRequest,
  twilioSignature,
  type ForgedRequest,
  type FormPairs,
  type SignedWebhook,
} from './testing/twilio-request-mutations';

/**
 * Forged webhooks: 10,000 mutations of validly signed Twilio requests (parameters,
 * host, scheme, port, path, query, signature, replays, headers, body type) are all refused, and
 * nothing is written: the service's write functions are never called and the organisation's
 * conversations and messages are unchanged. The unmutated requests are accepted (positive control).
 */

// Spies that pass through: they show whether a webhook ever reached a write.
vi.mock('../../../modules/messages/index', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../modules/messages/index')>();
  return {
    ...real,
    recordInboundText: vi.fn(real.recordInboundText),
    applyCarrierStatus: vi.fn(real.applyCarrierStatus),
  };
});

const AUTH_TOKEN = 'forgery-test-auth-token-0123456789';
const HOST = 'accueil.example.test';
const PUBLIC_URL = `https://${HOST}`;
const INBOUND = '/api/webhooks/twilio/messaging';
const STATUS = '/api/webhooks/twilio/message-status';
const FORGED_RUNS = 10_000;
const SEED = 20_260_301;

const { t } = useTwilioTestApp({ authToken: AUTH_TOKEN, publicUrl: PUBLIC_URL });
let organizationId: string;
let bases: SignedWebhook[];

const signed = (name: string, path: string, params: Record<string, string>): SignedWebhook => {
  const pairs: FormPairs = Object.entries(params);
  return { name, path, pairs, signature: twilioSignature(AUTH_TOKEN, PUBLIC_URL + path, pairs) };
};

/** One organisation, a team, a contact and a text sent to it (so forged status callbacks have a target). */
async function signedFixtures(): Promise<SignedWebhook[]> {
  const org = await buildOrganization();
  organizationId = org.id;
  const team = await buildTeam({ organizationId: org.id });
  const contact = await buildContact({ organizationId: org.id });
  const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const jwt = await accessTokenFor(user);
  const conv = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: authHeader(jwt),
    payload: { to: contact.phone, body: 'Rappel: rendez-vous jeudi.' },
  });
  expect(conv.statusCode).toBe(201);
  const sent = conv.json<{ lastMessage: { id: string; messageSid: string } }>().lastMessage;
  const sentSid = sent.messageSid;
  expect(sentSid).toMatch(/^SM/);
  const inbound = (name: 'inbound_sms' | 'inbound_sms_messaging_service' | 'inbound_mms', path = INBOUND) => {
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    return signed(name, path, {
      ...fixtures[name],
      To: team.phoneNumber!,
      From: contact.phone!,
      MessageSid: sid,
      SmsSid: sid,
      SmsMessageSid: sid,
    });
  };
  // The callback URL of a send carries our message id (`?messageId=`), inside the signature.
  const status = (name: 'status_sent' | 'status_delivered' | 'status_undelivered_landline') =>
    signed(name, `${STATUS}?messageId=${sent.id}`, {
      ...fixtures[name],
      MessageSid: sentSid,
      SmsSid: sentSid,
      From: team.phoneNumber!,
      To: contact.phone!,
    });
  return [
    inbound('inbound_sms'),
    inbound('inbound_sms_messaging_service'),
    inbound('inbound_mms'),
    inbound('inbound_sms', `${INBOUND}?team=main`),
    status('status_sent'),
    status('status_delivered'),
    status('status_undelivered_landline'),
    {
      ...status('status_delivered'),
      path: STATUS,
      signature: twilioSignature(AUTH_TOKEN, PUBLIC_URL + STATUS, status('status_delivered').pairs),
    },
  ];
}

beforeAll(async () => {
  bases = await signedFixtures();
});

const send = (r: ForgedRequest) =>
  answerOrHang(t.app.inject({ method: 'POST', url: r.url, headers: r.headers, payload: r.body }), {
    method: 'POST',
    url: r.url,
    headers: {},
    payload: r.body,
  });

/** Every conversation and message row of the test's organisation, to compare before and after. */
async function snapshot() {
  const conv = await t.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.organizationId, organizationId))
    .orderBy(asc(conversations.id));
  const msgs = await t.deps.db
    .select()
    .from(messages)
    .where(eq(messages.organizationId, organizationId))
    .orderBy(asc(messages.id));
  return { conv, msgs };
}

const writes = () =>
  vi.mocked(service.recordInboundText).mock.calls.length +
  vi.mocked(service.applyCarrierStatus).mock.calls.length;

describe('forged Twilio webhooks', () => {
  it(`refuses ${FORGED_RUNS} mutated signed requests with 403 signature-invalid and writes nothing`, async () => {
    const before = await snapshot();
    const writesBefore = writes();
    const kinds = new Map<string, number>();
    const arbitrary = fc.constantFrom(...bases).chain((base) => {
      const otherPath = base.path.startsWith(STATUS) ? INBOUND : STATUS;
      return forgedRequest(base, {
        authToken: AUTH_TOKEN,
        publicUrl: PUBLIC_URL,
        host: HOST,
        otherPath,
        otherBases: bases.filter((b) => b !== base),
      });
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async (request) => {
        kinds.set(request.kind, (kinds.get(request.kind) ?? 0) + 1);
        const res = await send(request);
        expect({ kind: request.kind, status: res.statusCode }).toEqual({
          kind: request.kind,
          status: request.expectedStatus,
        });
        const body = apiErrorSchema.parse(res.json());
        if (request.expectedStatus === 403) expect(body.code).toBe('signature-invalid');
        expect(writes()).toBe(writesBefore);
      }),
      { seed: SEED, numRuns: FORGED_RUNS, endOnFailure: true },
    );
    expect([...kinds.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(FORGED_RUNS);
    expect(kinds.size).toBe(13);
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('accepts the unmutated signed requests, whatever the case of the header name (positive control)', async () => {
    const writesBefore = writes();
    const headerNames = ['x-twilio-signature', 'X-Twilio-Signature', 'X-TWILIO-SIGNATURE'];
    for (const [i, base] of bases.entries()) {
      const res = await send(genuineRequest(base, headerNames[i % headerNames.length]));
      expect({ name: base.name, status: res.statusCode }).toEqual({
        name: base.name,
        status: base.path.startsWith(STATUS) ? 204 : 200,
      });
    }
    expect(writes() - writesBefore).toBe(bases.length);
    const after = await snapshot();
    const inboundSids = bases
      .filter((b) => b.path.startsWith(INBOUND))
      .map((b) => Object.fromEntries(b.pairs).MessageSid);
    expect(
      after.msgs
        .filter((m) => m.direction === 'inbound')
        .map((m) => m.carrierMessageId)
        .sort(),
    ).toEqual(inboundSids.sort());
    expect(after.msgs.find((m) => m.direction === 'outbound')).toMatchObject({
      status: 'delivered',
      errorCode: null,
    });
  });

  it('takes a signature over the same URL with the default port written out (https :443)', async () => {
    const base = bases[0]!;
    const pairs: FormPairs = base.pairs.map(([k, v]) => [
      k,
      k === 'MessageSid' || k === 'SmsSid' || k === 'SmsMessageSid'
        ? `SM${randomUUID().replace(/-/g, '')}`
        : v,
    ]);
    const signature = twilioSignature(AUTH_TOKEN, `https://${HOST}:443${INBOUND}`, pairs);
    const res = await send(genuineRequest({ ...base, pairs, signature }));
    expect(res.statusCode).toBe(200);
  });
});
