import { defaultOrganizationOptions, defaultSchedule } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { calls } from '../../../../db/schema/calls';
import { buildOrganization, buildTeam, buildUser } from '../../../../test/factories';
import { useTestApp, type TestApp } from '../../../../test/test-app';
import { startTwilioApiStandIn } from '../../../messaging/twilio/testing/twilio-api-stand-in';
import { twilioSignature } from '../../../messaging/twilio/testing/twilio-request-mutations';
import fixtures from '../fixtures/twilio-voice-webhooks.json';

export const AUTH_TOKEN = 'voice-webhook-test-auth-token-0123';
export const PUBLIC_URL = 'https://accueil.example.test';
export const ACCOUNT = 'AC00000000000000000000000000000001';
export const XML = '<?xml version="1.0" encoding="UTF-8"?>';
export type Params = Record<string, string>;

/** Twilio's signature over the URL and the parameters (computed independently of the library). */
export const sign = (url: string, params: Params, token = AUTH_TOKEN) =>
  twilioSignature(token, url, Object.entries(params));
/** A Twilio call id no other test uses. */
export const fresh = () => `CA${crypto.randomUUID().replaceAll('-', '')}`;
const hook = (name: string) => `${PUBLIC_URL}/api/webhooks/twilio/voice/${name}`;
/** The callbacks' absolute URLs as the TwiML names them. */
export const URLS = {
  agent: hook('agent-status'),
  voicemail: hook('voicemail'),
  status: hook('status'),
  wait: hook('queue-wait'),
  key: hook('queue-key'),
  left: hook('queue-left'),
  dial: (callId: string) => hook(`dial-action/${callId}`),
};
/** The opening `<Enqueue>` of the team's queue. */
export const ENQUEUE = `<Enqueue waitUrl="${URLS.wait}" action="${URLS.left}">`;

const allWeek = (enabled: boolean) => ({
  ...defaultSchedule(),
  week: defaultSchedule().week.map((d) => ({ ...d, enabled, start: '00:00', end: '23:59' })),
});

/**
 * The test file's server with the Twilio voice carrier (webhooks signed with AUTH_TOKEN for
 * PUBLIC_URL; REST calls to a local stand-in of Twilio's API, answering a live call by default),
 * `post` (a signed form post; `signature` null: none), and `setup`: an organisation open (or
 * closed) all week, its queue on or off, a team and an online member, and an incoming call
 * (the recorded fixture re-addressed to that team) with a reader of its stored row.
 */
export function useTwilioVoiceWorld() {
  let api: Awaited<ReturnType<typeof startTwilioApiStandIn>> | null = null;
  beforeAll(async () => {
    api = await startTwilioApiStandIn();
  });
  afterAll(async () => {
    await api?.close();
  });
  const t: TestApp = useTestApp(() => ({
    VOICE_CARRIER: 'twilio',
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_API_KEY_SID: 'SK00000000000000000000000000000001',
    TWILIO_API_KEY_SECRET: 'voice-api-key-secret',
    TWILIO_TWIML_APP_SID: 'AP00000000000000000000000000000001',
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    PUBLIC_URL,
    TWILIO_API_BASE_URL: api!.baseUrl,
  }));
  beforeEach(() => {
    api!.reset();
    api!.answerWith(() => ({
      status: 200,
      body: { sid: 'CA0', account_sid: ACCOUNT, status: 'in-progress' },
    }));
  });
  const post = (path: string, params: Params, signature: string | null = sign(PUBLIC_URL + path, params)) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      },
      payload: new URLSearchParams(params).toString(),
    });
  async function setup(opts: { open?: boolean; queue?: boolean } = {}) {
    const options = defaultOrganizationOptions();
    options.voiceQueue.enabled = opts.queue ?? false;
    const org = await buildOrganization({
      name: 'Clinique Soleil',
      options,
      schedule: allWeek(opts.open ?? true),
    });
    const team = await buildTeam({ organizationId: org.id });
    const member = await buildUser({ organizationId: org.id, teamIds: [team.id], status: 'online' });
    const callSid = fresh();
    const incoming = {
      ...fixtures.incoming_call,
      CallSid: callSid,
      To: team.phoneNumber!,
      Called: team.phoneNumber!,
    };
    const stored = async () => (await t.deps.db.select().from(calls).where(eq(calls.callSid, callSid)))[0]!;
    return { org, team, member, callSid, incoming, stored };
  }
  return {
    t,
    get api() {
      return api!;
    },
    post,
    setup,
  };
}
