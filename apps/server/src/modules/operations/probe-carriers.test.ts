import type { OperationsHealth } from '@accueil/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpEmailCarrier } from '../../carriers/email/smtp/smtp-email-carrier';
import { startSmtpStandIn } from '../../carriers/email/smtp/testing/smtp-stand-in';
import {
  startTwilioApiStandIn,
  twilioErrorBody,
  type TwilioApiAnswer,
} from '../../carriers/messaging/twilio/testing/twilio-api-stand-in';
import { createTwilioMessagingCarrier } from '../../carriers/messaging/twilio/twilio-messaging-carrier';
import { createS3StorageCarrier } from '../../carriers/storage/s3/s3-storage-carrier';
import { startS3StandIn, STAND_IN_BUCKET } from '../../carriers/storage/s3/testing/s3-stand-in';
import { createTwilioVoiceCarrier } from '../../carriers/voice/twilio/twilio-voice-carrier';
import { buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { cachedCarrierProbes, probeCarrier, type ProbeableCarrier } from './probe-carriers';

/**
 * The health panel's carrier status (docs/behaviour/operations.md, "Carriers"): each carrier's
 * cheap question against the local stand-ins of Twilio's API, S3 (s3rver) and SMTP
 * (smtp-server), its failures, its time limit and its 30 s cache.
 */
const ACCOUNT = 'AC00000000000000000000000000000001';
const ACCOUNT_PATH = `/2010-04-01/Accounts/${ACCOUNT}.json`;
const account: TwilioApiAnswer = {
  status: 200,
  body: { sid: ACCOUNT, friendly_name: 'Clinique', status: 'active', type: 'Full' },
};

let twilioApi: Awaited<ReturnType<typeof startTwilioApiStandIn>>;
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
beforeAll(async () => {
  [twilioApi, s3, smtp] = await Promise.all([startTwilioApiStandIn(), startS3StandIn(), startSmtpStandIn()]);
});
afterAll(async () => {
  await Promise.all([twilioApi.close(), s3.close(), smtp.close()]);
});
beforeEach(() => {
  twilioApi.reset();
  twilioApi.answerWith(() => account);
});

const twilioMessaging = () =>
  createTwilioMessagingCarrier({
    accountSid: ACCOUNT,
    authToken: 'test-auth-token-0123456789abcdef',
    apiBaseUrl: twilioApi.baseUrl,
  });
const twilioVoice = () =>
  createTwilioVoiceCarrier({
    accountSid: ACCOUNT,
    apiKeySid: 'SK00000000000000000000000000000001',
    apiKeySecret: 'voice-api-key-secret',
    twimlAppSid: 'AP00000000000000000000000000000001',
    apiBaseUrl: twilioApi.baseUrl,
  });
const s3Carrier = (overrides: { bucket?: string; accessKeyId?: string } = {}) =>
  createS3StorageCarrier({
    bucket: overrides.bucket ?? STAND_IN_BUCKET,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: overrides.accessKeyId ?? 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

describe('probeCarrier', () => {
  it('finds Twilio up by fetching the account, for texts (auth token) and calls (API key)', async () => {
    const texts = await probeCarrier('messaging', twilioMessaging());
    expect(texts).toMatchObject({ capability: 'messaging', carrier: 'twilio', state: 'up', failure: null });
    expect(texts.latencyMs).toBeGreaterThanOrEqual(0);
    expect(await probeCarrier('voice', twilioVoice())).toMatchObject({ carrier: 'twilio', state: 'up' });
    expect(twilioApi.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', ACCOUNT_PATH],
      ['GET', ACCOUNT_PATH],
    ]);
    const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString('base64').slice(0, 10)}`;
    expect(twilioApi.requests[0]!.headers.authorization).toMatch(new RegExp(`^${basic(ACCOUNT)}`));
    expect(twilioApi.requests[1]!.headers.authorization).toMatch(
      new RegExp(`^${basic('SK00000000000000000000000000000001')}`),
    );
  });

  it('finds Twilio down when it refuses the credentials (auth) or fails (temporary)', async () => {
    twilioApi.answerWith(() => twilioErrorBody(401, 20003, 'Authenticate'));
    expect(await probeCarrier('messaging', twilioMessaging())).toMatchObject({
      state: 'down',
      failure: 'auth',
    });
    twilioApi.answerWith(() => twilioErrorBody(503, 20503, 'Service Unavailable'));
    expect(await probeCarrier('voice', twilioVoice())).toMatchObject({ state: 'down', failure: 'temporary' });
  });

  it('gives up on a carrier that does not answer within the time limit', async () => {
    let release = () => {};
    twilioApi.answerWith(() => new Promise((resolve) => (release = () => resolve(account))));
    const started = performance.now();
    const probe = await probeCarrier('messaging', twilioMessaging(), 300);
    expect(probe).toMatchObject({ state: 'down', failure: 'timeout', latencyMs: null });
    expect(performance.now() - started).toBeLessThan(3000);
    release();
  });

  it('finds the S3 bucket with a HEAD, and reports a missing bucket or an unknown key as down', async () => {
    expect(await probeCarrier('storage', s3Carrier())).toMatchObject({
      carrier: 's3',
      state: 'up',
      failure: null,
    });
    expect(await probeCarrier('storage', s3Carrier({ bucket: 'no-such-bucket' }))).toMatchObject({
      state: 'down',
    });
    expect(await probeCarrier('storage', s3Carrier({ accessKeyId: 'NOT-A-KEY' }))).toMatchObject({
      state: 'down',
      failure: 'auth',
    });
  });

  it('verifies the SMTP server by signing in, sending no mail; wrong credentials are down (auth)', async () => {
    const before = smtp.received.length;
    expect(await probeCarrier('email', createSmtpEmailCarrier({ url: smtp.url() }))).toMatchObject({
      carrier: 'smtp',
      state: 'up',
    });
    expect(
      await probeCarrier('email', createSmtpEmailCarrier({ url: smtp.url('accueil', 'wrong') })),
    ).toMatchObject({ state: 'down', failure: 'auth' });
    expect(smtp.received.length).toBe(before);
  });

  it('counts a carrier without a probe (the sandbox, in this process) as up', async () => {
    expect(await probeCarrier('messaging', { name: 'sandbox' })).toMatchObject({
      carrier: 'sandbox',
      state: 'up',
      failure: null,
    });
  });
});

describe('cachedCarrierProbes', () => {
  it('asks each carrier once per 30 s, however many requests come meanwhile, then again', async () => {
    let asked = 0;
    const counting: ProbeableCarrier = {
      name: 'counting',
      probe: async () => {
        asked++;
        await new Promise((r) => setTimeout(r, 20));
      },
    };
    const carriers = { messaging: counting, voice: counting, email: counting, storage: counting };
    const owner = {};
    const t0 = Date.now();
    const [a, b] = await Promise.all([
      cachedCarrierProbes(owner, carriers, { now: t0 }),
      cachedCarrierProbes(owner, carriers, { now: t0 + 10 }),
    ]);
    expect(asked).toBe(4);
    expect(b).toBe(a);
    expect(a.map((p) => p.capability)).toEqual(['messaging', 'voice', 'email', 'storage']);
    await cachedCarrierProbes(owner, carriers, { now: t0 + 29_999 });
    expect(asked).toBe(4);
    await cachedCarrierProbes(owner, carriers, { now: t0 + 30_000 });
    expect(asked).toBe(8);
    // Another app (another owner) has its own answers.
    await cachedCarrierProbes({}, carriers, { now: t0 + 30_001 });
    expect(asked).toBe(12);
  });
});

describe('GET /api/devops/health with real vendors', () => {
  const t = useTestApp(() => ({
    MESSAGING_CARRIER: 'twilio',
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: 'test-auth-token-0123456789abcdef',
    PUBLIC_URL: 'https://accueil.example.test',
    TWILIO_API_BASE_URL: twilioApi.baseUrl,
    SMTP_URL: smtp.url(),
    MAIL_FROM: 'Clinique <accueil@clinique.test>',
    ...s3.config(),
  }));

  it('shows each carrier’s state, and a second read within 30 s asks no vendor again', async () => {
    const headers = await signedInAs(await buildUser({ role: 'devops' }));
    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/devops/health', headers });
      expect(res.statusCode).toBe(200);
      return res.json<OperationsHealth>().carrierStatus;
    };
    const first = await read();
    expect(first.map((p) => [p.capability, p.carrier, p.state])).toEqual([
      ['messaging', 'twilio', 'up'],
      ['voice', 'sandbox', 'up'],
      ['email', 'smtp', 'up'],
      ['storage', 's3', 'up'],
    ]);
    const asked = twilioApi.requests.length;
    expect(asked).toBe(1);
    twilioApi.answerWith(() => twilioErrorBody(401, 20003, 'Authenticate'));
    expect(await read()).toEqual(first);
    expect(twilioApi.requests.length).toBe(asked);
  });
});
