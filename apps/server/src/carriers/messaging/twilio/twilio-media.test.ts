import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_MEDIA_MAX_BYTES, CarrierError } from '../messaging-carrier';
import { createTwilioMessagingCarrier } from './twilio-messaging-carrier';

const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = 'twilio-auth-token-media';
const MEDIA_PATH = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/MM1/Media/ME1`;
const PICTURE = Buffer.from('the picture bytes');

/** What the stand-in answers per path: a status, and bytes for a 200. */
const answers = new Map<string, { status: number; bytes?: Buffer }>();
const seen: IncomingMessage[] = [];
const server = createServer((req, res) => {
  seen.push(req);
  // Twilio serves a media to the account's credentials only (HTTP basic authentication).
  const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
  if (req.headers.authorization !== expected) return res.writeHead(401).end();
  if (req.url === '/redirected') return res.writeHead(302, { location: MEDIA_PATH }).end();
  const answer = answers.get(req.url ?? '') ?? { status: 404 };
  res.writeHead(answer.status, { 'content-type': 'image/jpeg' }).end(answer.bytes ?? '');
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const carrier = (authToken = AUTH_TOKEN) =>
  createTwilioMessagingCarrier({ accountSid: ACCOUNT_SID, authToken, apiBaseUrl: base });
const fetchMedia = (url: string, authToken?: string) =>
  carrier(authToken).fetchMedia({ url, contentType: 'image/jpeg' });

/* An inbound MMS's media, read from Twilio with the account's credentials (docs/behaviour/attachments.md, "Inbound media"). */
describe("Twilio's inbound media", () => {
  it('reads a media with the account SID and auth token in basic authentication', async () => {
    answers.set(MEDIA_PATH, { status: 200, bytes: PICTURE });
    const fetched = await fetchMedia(`${base}${MEDIA_PATH}`);
    expect(fetched?.bytes.equals(PICTURE)).toBe(true);
    expect(fetched?.contentType).toBe('image/jpeg');
  });

  it('never sends the credentials to an address that is not Twilio’s', async () => {
    const before = seen.length;
    expect(await fetchMedia(`http://localhost:1${MEDIA_PATH}`)).toBeNull();
    expect(await fetchMedia(`https://evil.example${MEDIA_PATH}`)).toBeNull();
    expect(await fetchMedia('not a url')).toBeNull();
    expect(seen.length).toBe(before);
  });

  it('answers null for a media Twilio no longer has (404)', async () => {
    expect(await fetchMedia(`${base}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/MM1/Media/gone`)).toBeNull();
  });

  it('maps refusals to the closed set: wrong credentials auth, 5xx temporary, 429 rate-limited', async () => {
    await expect(fetchMedia(`${base}${MEDIA_PATH}`, 'wrong-token')).rejects.toMatchObject({
      kind: 'auth',
      carrierCode: '401',
    });
    answers.set('/busy', { status: 503 });
    await expect(fetchMedia(`${base}/busy`)).rejects.toMatchObject({ kind: 'temporary', carrierCode: '503' });
    answers.set('/slow-down', { status: 429 });
    await expect(fetchMedia(`${base}/slow-down`)).rejects.toMatchObject({ kind: 'rate-limited' });
  });

  it('refuses for good a media larger than a whole MMS may be', async () => {
    answers.set('/huge', { status: 200, bytes: Buffer.alloc(CARRIER_MEDIA_MAX_BYTES + 1) });
    const error = await fetchMedia(`${base}/huge`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect((error as CarrierError).kind).toBe('permanent');
  });

  it('counts Twilio being unreachable as temporary', async () => {
    const closed = createTwilioMessagingCarrier({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      apiBaseUrl: 'http://127.0.0.1:9',
    });
    await expect(
      closed.fetchMedia({ url: `http://127.0.0.1:9${MEDIA_PATH}`, contentType: 'image/jpeg' }),
    ).rejects.toMatchObject({
      kind: 'temporary',
    });
  });
});
