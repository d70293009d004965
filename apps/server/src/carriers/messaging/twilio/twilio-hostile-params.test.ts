import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildContact,
  buildOrganization,
  buildTeam,
  buildUser,
  signIn,
} from '../../../test/factories';
import { answerOrHang, FailureLog } from '../../../test/hostile/hostile-checks';
import { rawBodyCases, schemaRequest } from '../../../test/hostile/hostile-requests';
import {
  anyString,
  HOSTILE_STRINGS,
  NUMBER_LIKE_STRINGS,
  percentEncode,
} from '../../../test/hostile/hostile-values';
import { routeCatalogue } from '../../../test/hostile/route-catalogue';
import { useTwilioTestApp } from './testing/use-twilio-test-app';
import fixtures from './fixtures/twilio-messaging-webhooks.json';
import { formBody, twilioSignature, type FormPairs } from './testing/twilio-request-mutations';

/**
 * Hostile input for the Twilio webhooks: correctly signed requests whose parameters
 * carry hostile values (NUL, lone surrogates, 10,000-character bodies, number-like junk in
 * NumMedia, odd ids in the callback's `messageId`), and unsigned schema-derived and raw inputs.
 * Never a 5xx; a refusal is in the error shape; TwiML and 204 are the success answers.
 */

const AUTH_TOKEN = 'hostile-test-auth-token-0123456789';
const PUBLIC_URL = 'https://accueil.example.test';
const INBOUND = '/api/webhooks/twilio/messaging';
const STATUS = '/api/webhooks/twilio/message-status';
// Fixed in CI; HOSTILE_SEED explores further by hand.
const SEED = Number(process.env.HOSTILE_SEED ?? 2_718_281);
const SIGNED_RUNS = 600;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});
const { t } = useTwilioTestApp({ authToken: AUTH_TOKEN, publicUrl: PUBLIC_URL });
let inbound: Record<string, string>[];
let status: Record<string, string>[];
let messageId: string;

beforeAll(async () => {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const contact = await buildContact({ organizationId: org.id });
  const { jwt } = await signIn(t.app, await buildUser({ organizationId: org.id, teamIds: [team.id] }));
  const conv = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: authHeader(jwt),
    payload: { to: contact.phone, body: 'Rappel' },
  });
  const sent = conv.json<{ lastMessage: { id: string; messageSid: string } }>().lastMessage;
  messageId = sent.id;
  const address = { To: team.phoneNumber!, From: contact.phone! };
  inbound = [fixtures.inbound_sms, fixtures.inbound_sms_messaging_service, fixtures.inbound_mms].map((f) => ({
    ...f,
    ...address,
  }));
  status = [fixtures.status_sent, fixtures.status_delivered, fixtures.status_undelivered_landline].map(
    (f) => ({
      ...f,
      MessageSid: sent.messageSid,
      SmsSid: sent.messageSid,
      From: team.phoneNumber!,
      To: contact.phone!,
    }),
  );
});

const hostileValue = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS, ...NUMBER_LIKE_STRINGS), anyString);

/** A signed request: a fixture with some values replaced by hostile ones, some removed, some added. */
const signedHostile = fc
  .record({
    isStatus: fc.boolean(),
    fixture: fc.nat(2),
    replaced: fc.dictionary(
      fc.constantFrom(
        'Body',
        'From',
        'To',
        'MessageSid',
        'NumMedia',
        'MediaUrl0',
        'MediaContentType0',
        'MessageStatus',
        'SmsStatus',
        'ErrorCode',
        'AccountSid',
      ),
      hostileValue,
      { maxKeys: 3 },
    ),
    removed: fc.subarray(['Body', 'From', 'To', 'MessageSid', 'MessageStatus', 'SmsStatus', 'NumMedia']),
    extra: fc.dictionary(
      fc.oneof(
        anyString.filter((k) => k !== ''),
        fc.constantFrom('__proto__', 'constructor'),
      ),
      hostileValue,
      { maxKeys: 2 },
    ),
    query: fc.option(fc.oneof(fc.constant('own'), hostileValue), { nil: undefined }),
  })
  .map(({ isStatus, fixture, replaced, removed, extra, query }) => {
    const params: Record<string, string> = {
      ...(isStatus ? status : inbound)[fixture]!,
      MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
    };
    if (isStatus) params.MessageSid = status[fixture]!.MessageSid!;
    Object.assign(params, replaced);
    for (const name of removed) delete params[name];
    const pairs: FormPairs = [...Object.entries(params), ...Object.entries(extra)].map(([k, v]) => [
      Buffer.from(k).toString(),
      Buffer.from(v).toString(),
    ]);
    const base = isStatus ? STATUS : INBOUND;
    const path =
      query === undefined ? base : `${base}?messageId=${percentEncode(query === 'own' ? messageId : query)}`;
    return { path, pairs, signature: twilioSignature(AUTH_TOKEN, PUBLIC_URL + path, pairs) };
  });

describe('hostile input to the Twilio webhooks', () => {
  it(`${SIGNED_RUNS} signed requests with hostile parameter values: never a 5xx, refusals in the error shape`, async () => {
    const log = new FailureLog();
    await fc.assert(
      fc.asyncProperty(signedHostile, async ({ path, pairs, signature }) => {
        const request = {
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
          payload: formBody(pairs),
        };
        const res = await answerOrHang(t.app.inject({ ...request, method: 'POST' }), request);
        expect(res.statusCode, res.body).not.toBe(403);
        if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/^text\/xml/);
        log.check(`POST ${path.split('?')[0]}`, request, res);
      }),
      { seed: SEED, numRuns: SIGNED_RUNS },
    );
    expect(log.failures).toEqual([]);
  }, 120_000);

  it('unsigned schema-derived inputs and raw bodies: refused in the error shape', async () => {
    const routes = routeCatalogue(t.app).filter((r) => r.path.startsWith('/api/webhooks/'));
    expect(routes).toHaveLength(2);
    const log = new FailureLog();
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...routes)
          .chain((r) => schemaRequest(r, { strings: [messageId] }).map((req) => [r, req] as const)),
        async ([route, request]) => {
          log.check(
            `${route.method} ${route.path}`,
            request,
            await answerOrHang(t.app.inject({ ...request, method: 'POST' }), request),
          );
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
    for (const route of routes) {
      for (const raw of rawBodyCases(route)) {
        const request = { method: 'POST', url: route.path, headers: raw.headers, payload: raw.payload };
        log.check(
          `${route.path} ${raw.label}`,
          request,
          await answerOrHang(t.app.inject({ ...request, method: 'POST' }), request),
        );
      }
    }
    expect(log.failures).toEqual([]);
  });

  it('has no unhandled rejection', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  });
});
