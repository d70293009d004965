import { AppError } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import fixtures from './fixtures/twilio-messaging-webhooks.json';
import {
  mapTwilioMessageStatus,
  one,
  parseInboundText,
  parseStatusCallback,
  required,
} from './twilio-params';

/** Each webhook parameter's rules, on the parsed form as the routes hand it over. */

const SMS = { MessageSid: 'SM0001', From: '+15145550100', To: '+15145551234', Body: 'Bonjour' };

/** The AppError `run` throws. */
function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('nothing was thrown');
}

/** `count` media parameters MediaUrl0… with their content types. */
const mediaParams = (count: number): Record<string, string> =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i): [string, string][] => [
      [`MediaUrl${i}`, `https://api.twilio.com/media/ME${i}`],
      [`MediaContentType${i}`, `image/type${i}`],
    ]).flat(),
  );
const media = (indexes: number[]) =>
  indexes.map((i) => ({ url: `https://api.twilio.com/media/ME${i}`, contentType: `image/type${i}` }));

describe('one', () => {
  it('answers the value, the first of a repeated parameter, undefined for an absent one', () => {
    expect(one({ A: 'xyz' }, 'A')).toBe('xyz');
    expect(one({ A: ['first', 'second'] }, 'A')).toBe('first');
    expect(one({ A: 'xyz' }, 'B')).toBeUndefined();
    expect(one({ A: [] }, 'A')).toBeUndefined();
  });

  it('turns every NUL into U+FFFD and leaves the rest as sent', () => {
    expect(one({ A: 'a\u0000b\u0000' }, 'A')).toBe('a\ufffdb\ufffd');
    expect(one({ A: ['\u0000x'] }, 'A')).toBe('\ufffdx');
    expect(one({ A: 'é 👋 ' }, 'A')).toBe('é 👋 ');
  });
});

describe('required', () => {
  it('answers a present value', () => {
    expect(required({ A: 'v' }, 'A')).toBe('v');
  });

  it.each([
    ['absent', {}],
    ['empty', { MessageSid: '' }],
    ['repeated with an empty first value', { MessageSid: ['', 'SM1'] }],
  ])('refuses an %s parameter: validation-failed naming it', (_name, params) => {
    const error = thrown(() => required(params, 'MessageSid'));
    expect(error.code).toBe('validation-failed');
    expect(error.details).toEqual([{ location: 'body', path: 'MessageSid', message: 'Required' }]);
  });
});

describe('parseInboundText', () => {
  it('reads an SMS: carrier twilio, MessageSid, From, To, Body, no media', () => {
    expect(parseInboundText({ ...SMS, AccountSid: 'AC1', ToCity: 'MONTREAL' })).toEqual({
      carrier: 'twilio',
      carrierMessageId: 'SM0001',
      from: '+15145550100',
      to: '+15145551234',
      body: 'Bonjour',
      media: [],
    });
  });

  it('reads the recorded MMS fixture with its two media', () => {
    expect(parseInboundText(fixtures.inbound_mms).media).toEqual([
      { url: fixtures.inbound_mms.MediaUrl0, contentType: 'image/jpeg' },
      { url: fixtures.inbound_mms.MediaUrl1, contentType: 'application/pdf' },
    ]);
  });

  it('takes an absent Body as an empty text', () => {
    const { Body: _omit, ...noBody } = SMS;
    expect(parseInboundText(noBody).body).toBe('');
    expect(parseInboundText({ ...SMS, Body: '' }).body).toBe('');
  });

  it.each(['MessageSid', 'From', 'To'] as const)(
    'refuses a text without %s (validation-failed naming it)',
    (name) => {
      const { [name]: _omit, ...rest } = SMS;
      const error = thrown(() => parseInboundText(rest));
      expect(error.code).toBe('validation-failed');
      expect(error.details).toEqual([{ location: 'body', path: name, message: 'Required' }]);
    },
  );

  it('reads only the first NumMedia media, not the ones past it', () => {
    expect(parseInboundText({ ...SMS, NumMedia: '1', ...mediaParams(3) }).media).toEqual(media([0]));
    expect(parseInboundText({ ...SMS, NumMedia: '2', ...mediaParams(3) }).media).toEqual(media([0, 1]));
  });

  it('reads at most 10 media whatever NumMedia says', () => {
    expect(parseInboundText({ ...SMS, NumMedia: '12', ...mediaParams(12) }).media).toEqual(
      media([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    );
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['zero', '0'],
    ['negative', '-3'],
    ['not a number', 'two'],
  ])('reads no media when NumMedia is %s', (_name, numMedia) => {
    const params = { ...SMS, ...mediaParams(2), ...(numMedia === undefined ? {} : { NumMedia: numMedia }) };
    expect(parseInboundText(params).media).toEqual([]);
  });

  it('reads NumMedia as a decimal integer (leading digits, leading zero)', () => {
    expect(parseInboundText({ ...SMS, NumMedia: '2 media', ...mediaParams(3) }).media).toEqual(media([0, 1]));
    expect(parseInboundText({ ...SMS, NumMedia: '010', ...mediaParams(10) }).media).toHaveLength(10);
  });

  it('skips a media without a URL and keeps the next ones', () => {
    const params: Record<string, string> = { ...SMS, NumMedia: '3', ...mediaParams(3), MediaUrl1: '' };
    expect(parseInboundText(params).media).toEqual(media([0, 2]));
    delete params.MediaUrl1;
    expect(parseInboundText(params).media).toEqual(media([0, 2]));
  });

  it('gives a media without a content type application/octet-stream, and keeps a given one', () => {
    const params: Record<string, string> = { ...SMS, NumMedia: '2', ...mediaParams(2) };
    delete params.MediaContentType0;
    expect(parseInboundText(params).media).toEqual([
      { url: 'https://api.twilio.com/media/ME0', contentType: 'application/octet-stream' },
      { url: 'https://api.twilio.com/media/ME1', contentType: 'image/type1' },
    ]);
  });
});

describe('mapTwilioMessageStatus', () => {
  it.each([
    ['sent', 'sent'],
    ['delivered', 'delivered'],
    ['read', 'delivered'],
    ['undelivered', 'failed'],
    ['failed', 'failed'],
    ['canceled', 'failed'],
    ['accepted', null],
    ['scheduled', null],
    ['queued', null],
    ['sending', null],
    ['receiving', null],
    ['received', null],
    ['', null],
    ['DELIVERED', null],
  ])('maps %j to %j', (status, ours) => {
    expect(mapTwilioMessageStatus(status)).toBe(ours);
  });
});

describe('parseStatusCallback', () => {
  const CALLBACK = { MessageSid: 'SM0002', AccountSid: 'AC1', From: '+15145551234', To: '+15145550100' };

  it('reads MessageStatus: carrier twilio, the MessageSid, our status', () => {
    expect(
      parseStatusCallback({ ...CALLBACK, MessageStatus: 'delivered', SmsStatus: 'delivered' }),
    ).toStrictEqual({
      carrier: 'twilio',
      carrierMessageId: 'SM0002',
      status: 'delivered',
    });
  });

  it('prefers MessageStatus to SmsStatus, and falls back on SmsStatus alone', () => {
    expect(parseStatusCallback({ ...CALLBACK, MessageStatus: 'sent', SmsStatus: 'delivered' })?.status).toBe(
      'sent',
    );
    expect(parseStatusCallback({ ...CALLBACK, SmsStatus: 'delivered' })?.status).toBe('delivered');
  });

  it('answers null for a step before the handset network or no status at all', () => {
    expect(parseStatusCallback({ ...CALLBACK, MessageStatus: 'queued' })).toBeNull();
    expect(parseStatusCallback(CALLBACK)).toBeNull();
  });

  it('keeps ErrorCode for a failure only', () => {
    expect(parseStatusCallback(fixtures.status_undelivered_landline)).toStrictEqual({
      carrier: 'twilio',
      carrierMessageId: fixtures.status_undelivered_landline.MessageSid,
      status: 'failed',
      errorCode: '30006',
    });
    expect(
      parseStatusCallback({ ...CALLBACK, MessageStatus: 'delivered', ErrorCode: '30006' }),
    ).not.toHaveProperty('errorCode');
    expect(parseStatusCallback({ ...CALLBACK, MessageStatus: 'failed', ErrorCode: '' })).not.toHaveProperty(
      'errorCode',
    );
    expect(parseStatusCallback({ ...CALLBACK, MessageStatus: 'failed' })).not.toHaveProperty('errorCode');
  });

  it('refuses a callback without MessageSid, whatever its status', () => {
    const { MessageSid: _omit, ...rest } = CALLBACK;
    const error = thrown(() => parseStatusCallback({ ...rest, MessageStatus: 'queued' }));
    expect(error.code).toBe('validation-failed');
    expect(error.details).toEqual([{ location: 'body', path: 'MessageSid', message: 'Required' }]);
  });
});
