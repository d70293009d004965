import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Message } from '@accueil/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioMessagingCarrier } from '../../carriers/messaging/twilio/twilio-messaging-carrier';
import { withSystemAccess } from '../../db/tenant-scope';
import { photoWithGps, STORAGE_VENDORS, useAttachmentApp } from '../../test/attachment-requests';
import { buildInbox, inboundText } from '../../test/conversation-factories';
import { recordInboundText } from '../messages/index';
import { INBOUND_MEDIA_ATTEMPTS, keepInboundMedia } from './keep-inbound-media';

const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = 'twilio-auth-token-inbound-media';

/** A stand-in of Twilio's media URLs: each path's answer, served to the account's credentials only. */
const media = new Map<string, { status: number; bytes?: Buffer; type?: string }>();
const server = createServer((req, res) => {
  const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
  if (req.headers.authorization !== expected) return res.writeHead(401).end();
  const answer = media.get(req.url ?? '') ?? { status: 404 };
  res.writeHead(answer.status, { 'content-type': answer.type ?? 'image/jpeg' }).end(answer.bytes ?? '');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const mediaPath = (id: string) => `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/MM1/Media/${id}`;

describe.each(STORAGE_VENDORS)('inbound MMS media on %s', (vendor) => {
  const { t } = useAttachmentApp(vendor);
  const twilio = () =>
    createTwilioMessagingCarrier({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiBaseUrl: base });

  /** An inbound Twilio MMS to a new inbox with `paths` as its media; answers its ids and the inbox. */
  async function receive(paths: string[], body = 'Voici la photo') {
    const inbox = await buildInbox(t);
    const text = inboundText({
      to: inbox.team.phoneNumber!,
      body,
      media: paths.map((p) => ({ url: `${base}${p}`, contentType: 'image/jpeg' })),
    });
    const stored = await withSystemAccess('inbound-webhook', () => recordInboundText(t.deps, text));
    return { ...inbox, messageId: stored.messageId!, organizationId: stored.organizationId! };
  }
  const run = (received: { organizationId: string; messageId: string }, attempt = 0) =>
    keepInboundMedia({ ...t.deps, messaging: twilio() }, { ...received, attempt });

  async function message(received: Awaited<ReturnType<typeof receive>>): Promise<Message> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${(await conversationOf(received)).id}/messages`,
      headers: received.headers,
    });
    return res.json<{ items: Message[] }>().items.find((m) => m.id === received.messageId)!;
  }
  async function conversationOf(received: { headers: Record<string, string> }) {
    const res = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: received.headers });
    return res.json<{ items: { id: string }[] }>().items[0]!;
  }

  it('shows a picture as pending (no carrier address) until fetched, then kept without its GPS, with a thumbnail', async () => {
    media.set(mediaPath(`gps-${vendor}`), { status: 200, bytes: await photoWithGps() });
    const received = await receive([mediaPath(`gps-${vendor}`)]);
    const before = await message(received);
    expect(before.media).toEqual([{ url: '', contentType: 'image/jpeg', pending: true }]);
    expect(await run(received)).toEqual({ kept: 1, unavailable: 0, retry: false });
    const after = await message(received);
    expect(after.body).toBe('Voici la photo');
    const [kept] = after.media;
    expect(kept).toMatchObject({ contentType: 'image/jpeg', thumbnail: true, name: 'picture-1.jpg' });
    expect(kept!.url).toBe(`/api/attachments/${kept!.attachmentId}/content`);
    const content = await t.app.inject({ method: 'GET', url: kept!.url, headers: received.headers });
    expect(content.statusCode).toBe(200);
    const meta = await sharp(content.rawPayload).metadata();
    expect([meta.exif, meta.width]).toEqual([undefined, 200]);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: `/api/attachments/${kept!.attachmentId}/thumbnail`,
      headers: received.headers,
    });
    expect([thumbnail.statusCode, thumbnail.headers['content-type']]).toEqual([200, 'image/webp']);
    // Run again (a retried job): nothing fetched twice.
    expect(await run(received)).toEqual({ kept: 0, unavailable: 0, retry: false });
  });

  it('marks unavailable a media Twilio has not, or that is not an accepted file, and keeps the other and the text', async () => {
    media.set(mediaPath(`html-${vendor}`), {
      status: 200,
      bytes: Buffer.from('<html><script>x</script></html>'),
      type: 'text/html',
    });
    media.set(mediaPath(`ok-${vendor}`), { status: 200, bytes: await photoWithGps(40, 30) });
    const received = await receive([
      mediaPath(`missing-${vendor}`),
      mediaPath(`html-${vendor}`),
      mediaPath(`ok-${vendor}`),
    ]);
    expect(await run(received)).toEqual({ kept: 1, unavailable: 2, retry: false });
    const after = await message(received);
    expect(after.body).toBe('Voici la photo');
    expect(
      after.media.map((m) => [m.unavailable ?? false, Boolean(m.attachmentId), m.url.includes(base)]),
    ).toEqual([
      [true, false, false],
      [true, false, false],
      [false, true, false],
    ]);
  });

  it('leaves a media pending while Twilio fails for now, and gives up after the last attempt', async () => {
    media.set(mediaPath(`busy-${vendor}`), { status: 503 });
    const received = await receive([mediaPath(`busy-${vendor}`)]);
    expect(await run(received, 0)).toEqual({ kept: 0, unavailable: 0, retry: true });
    expect((await message(received)).media[0]).toMatchObject({ pending: true });
    expect(await run(received, INBOUND_MEDIA_ATTEMPTS - 1)).toEqual({
      kept: 0,
      unavailable: 1,
      retry: false,
    });
    expect((await message(received)).media[0]).toMatchObject({ unavailable: true, url: '' });
  });
});
