import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTwilioApiStandIn, twilioErrorBody } from '../../messaging/twilio/testing/twilio-api-stand-in';
import { CarrierError } from '../voice-carrier';
import { createTwilioVoiceCarrier } from './twilio-voice-carrier';

let standIn: Awaited<ReturnType<typeof startTwilioApiStandIn>>;
beforeAll(async () => {
  standIn = await startTwilioApiStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const carrier = () =>
  createTwilioVoiceCarrier({
    accountSid: 'ACtest',
    apiKeySid: 'SKtest',
    apiKeySecret: 'secret',
    twimlAppSid: 'APtest',
    apiBaseUrl: standIn.baseUrl,
  });
const recording = (sid: string) => ({
  recordingSid: sid,
  url: `${standIn.baseUrl}/2010-04-01/Accounts/ACtest/Recordings/${sid}`,
});

describe('the Twilio voice carrier fetches a recording', () => {
  it('from its REST API with the API key, giving the bytes and their type', async () => {
    standIn.answerWith(() => ({ status: 200, body: 'RIFF' }));
    const audio = await carrier().fetchRecording(recording('RE1'));
    expect(audio).not.toBeNull();
    expect(new TextDecoder().decode(audio!.bytes)).toBe('RIFF');
    expect(audio!.contentType).toBe('application/json'); // the stand-in's type, passed on as Twilio's would be
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]).toMatchObject({
      method: 'GET',
      url: '/2010-04-01/Accounts/ACtest/Recordings/RE1',
      headers: { authorization: `Basic ${Buffer.from('SKtest:secret').toString('base64')}` },
    });
  });

  it('answers null for a recording Twilio does not have (404), or an address that is not its API (never asked)', async () => {
    standIn.answerWith(() => twilioErrorBody(404, 20404, 'The requested resource was not found'));
    expect(await carrier().fetchRecording(recording('REgone'))).toBeNull();
    expect(standIn.requests).toHaveLength(1);
    for (const url of [
      'https://example.test/RE2',
      'http://169.254.169.254/latest/meta-data',
      'not a url',
      null,
    ])
      expect(await carrier().fetchRecording({ recordingSid: 'RE2', url })).toBeNull();
    expect(standIn.requests).toHaveLength(1);
  });

  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [429, 'rate-limited'],
    [400, 'permanent'],
    [500, 'temporary'],
    [503, 'temporary'],
  ] as const)('maps HTTP %i to %s, keeping the status as the carrier code', async (status, kind) => {
    standIn.answerWith(() => twilioErrorBody(status, 20000 + status, 'refused'));
    const error = await carrier()
      .fetchRecording(recording('RE3'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({ kind, carrierCode: String(status) });
  });

  it('counts an unreachable API as temporary', async () => {
    const closed = await startTwilioApiStandIn();
    await closed.close();
    const error = await createTwilioVoiceCarrier({
      accountSid: 'ACtest',
      apiKeySid: 'SKtest',
      apiKeySecret: 'secret',
      twimlAppSid: 'APtest',
      apiBaseUrl: closed.baseUrl,
    })
      .fetchRecording({
        recordingSid: 'RE4',
        url: `${closed.baseUrl}/2010-04-01/Accounts/ACtest/Recordings/RE4`,
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'temporary' });
  });
});
