import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError } from '../messaging-carrier';
import {
  startTwilioApiStandIn,
  twilioErrorBody as twilioError,
  type TwilioApiAnswer,
} from './testing/twilio-api-stand-in';
import { createTwilioMessagingCarrier } from './twilio-messaging-carrier';

const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = 'test-auth-token-0123456789abcdef';
const CALLBACK = 'https://accueil.example.test/api/webhooks/twilio/message-status';

let api: Awaited<ReturnType<typeof startTwilioApiStandIn>>;
let baseUrl: string;
let requests: Awaited<ReturnType<typeof startTwilioApiStandIn>>['requests'];
beforeAll(async () => {
  api = await startTwilioApiStandIn();
  baseUrl = api.baseUrl;
  requests = api.requests;
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const carrier = () =>
  createTwilioMessagingCarrier({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    statusCallbackUrl: CALLBACK,
    apiBaseUrl: baseUrl,
  });
const text = { from: '+15145550100', to: '+15145551234', body: 'Bonjour, votre rendez-vous est confirmé.' };

async function failure(promise: Promise<unknown>): Promise<CarrierError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
}

describe('Twilio messaging carrier (against a local stand-in for api.twilio.com)', () => {
  it('creates the message with To, From, Body, StatusCallback and basic auth, and answers sent', async () => {
    const sent = await carrier().send(text);
    expect(sent).toEqual({ carrierMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'sent' });
    expect(requests).toHaveLength(1);
    const req = requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(req.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(Object.fromEntries(req.form)).toEqual({
      To: text.to,
      From: text.from,
      Body: text.body,
      StatusCallback: CALLBACK,
    });
  });

  it("uses the text's own status callback URL when it names one", async () => {
    await carrier().send({ ...text, statusCallbackUrl: 'https://other.example.test/cb' });
    expect(requests[0]?.form.get('StatusCallback')).toBe('https://other.example.test/cb');
  });

  it.each([
    [twilioError(401, 20003, 'Authenticate'), 'auth', '20003'],
    [twilioError(429, 20429, 'Too Many Requests'), 'rate-limited', '20429'],
    [twilioError(400, 21211, "The 'To' number +1514555 is not a valid phone number."), 'permanent', '21211'],
    [twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'), 'permanent', '21610'],
    [twilioError(400, 21614, "'To' number is not a valid mobile number"), 'permanent', '21614'],
    [twilioError(400, 30006, 'Landline or unreachable carrier'), 'permanent', '30006'],
    [twilioError(400, 21602, 'Message body is required.'), 'permanent', '21602'],
    [twilioError(503, 20503, 'Service Unavailable'), 'temporary', '20503'],
    [{ status: 500, body: 'Internal Server Error' }, 'temporary', undefined],
  ] as [TwilioApiAnswer, string, string | undefined][])(
    'maps Twilio answer %# (%j) to %s',
    async (reply, kind, code) => {
      api.answerWith(() => reply);
      const error = await failure(carrier().send(text));
      expect(error.kind).toBe(kind);
      expect(error.carrierCode).toBe(code);
    },
  );

  it('keeps Twilio’s message for a permanent failure', async () => {
    api.answerWith(() => twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'));
    expect((await failure(carrier().send(text))).message).toBe('Attempt to send to unsubscribed recipient');
  });

  it('maps a refused connection to temporary', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createTwilioMessagingCarrier({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      apiBaseUrl: url,
    });
    const error = await failure(offline.send(text));
    expect(error.kind).toBe('temporary');
  });
});

describe('Twilio Lookup (line type, against the stand-in)', () => {
  it('asks Lookup v2 for the line type intelligence and maps its answer', async () => {
    expect(await carrier().lookupLineType('+15145551234')).toBe('mobile');
    expect(await carrier().lookupLineType('+15145550000')).toBe('landline');
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url).toMatch(
      /^\/v2\/PhoneNumbers\/(%2B|\+)15145551234\?Fields=line_type_intelligence$/,
    );
  });
});
