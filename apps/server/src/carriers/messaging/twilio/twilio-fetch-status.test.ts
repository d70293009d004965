import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTwilioApiStandIn, twilioErrorBody } from './testing/twilio-api-stand-in';
import { createTwilioMessagingCarrier } from './twilio-messaging-carrier';

/** The synchronization's question to Twilio (`messages(sid).fetch()`), through the official library, against the local stand-in. */
const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const SID = 'SM0123456789abcdef0123456789abcdef';

let api: Awaited<ReturnType<typeof startTwilioApiStandIn>>;
beforeAll(async () => {
  api = await startTwilioApiStandIn();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const carrier = () =>
  createTwilioMessagingCarrier({
    accountSid: ACCOUNT_SID,
    authToken: 'test-auth-token-0123456789abcdef',
    apiBaseUrl: api.baseUrl,
  });
const message = (status: string, errorCode: number | null = null) => ({
  status: 200,
  body: {
    sid: SID,
    account_sid: ACCOUNT_SID,
    status,
    error_code: errorCode,
    to: '+15145551234',
    from: '+15145550100',
  },
});

describe('Twilio fetchStatus', () => {
  it('asks for the message by its sid and reads a final status', async () => {
    api.answerWith(() => message('delivered'));
    expect(await carrier().fetchStatus(SID)).toEqual({
      carrier: 'twilio',
      carrierMessageId: SID,
      status: 'delivered',
    });
    expect(api.requests[0]).toMatchObject({
      method: 'GET',
      url: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${SID}.json`,
    });
  });

  it('reads an undelivered text as failed with its error code', async () => {
    api.answerWith(() => message('undelivered', 30003));
    expect(await carrier().fetchStatus(SID)).toEqual({
      carrier: 'twilio',
      carrierMessageId: SID,
      status: 'failed',
      errorCode: '30003',
    });
  });

  it('tells nothing new while the text is still on its way, and sent once sent', async () => {
    api.answerWith(() => message('sending'));
    expect(await carrier().fetchStatus(SID)).toBeNull();
    api.answerWith(() => message('sent'));
    expect(await carrier().fetchStatus(SID)).toMatchObject({ status: 'sent' });
  });

  it('maps a refusal to a carrier error', async () => {
    api.answerWith(() => twilioErrorBody(404, 20404, 'The requested resource was not found'));
    await expect(carrier().fetchStatus(SID)).rejects.toMatchObject({ name: 'CarrierError' });
  });
});
