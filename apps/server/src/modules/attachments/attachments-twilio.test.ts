import type { Message } from '@accueil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTwilioTestApp } from '../../carriers/messaging/twilio/testing/use-twilio-test-app';
import { startS3StandIn } from '../../carriers/storage/s3/testing/s3-stand-in';
import { photoWithGps, presignedSignatureHolds, uploaded } from '../../test/attachment-requests';
import { buildInboxWithConversation } from '../../test/conversation-factories';

const PUBLIC_URL = 'https://accueil.example.test';

/** Sends a picture through Twilio and answers the `MediaUrl`s Twilio was handed. */
async function sendPicture(twilio: ReturnType<typeof useTwilioTestApp>): Promise<string[]> {
  const { t } = twilio;
  const { headers, conversation } = await buildInboxWithConversation();
  const photo = await uploaded(t, headers, await photoWithGps(), 'photo.jpg');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversation.id}/messages`,
    headers,
    payload: { attachmentIds: [photo.id] },
  });
  expect(res.statusCode).toBe(201);
  expect(res.json<Message>().media[0]?.attachmentId).toBe(photo.id);
  const request = twilio.api.requests.find((r) => r.form.get('To') === conversation.address)!;
  return request.form.getAll('MediaUrl');
}

/* An MMS through Twilio (docs/behaviour/attachments.md): Twilio fetches the files from signed, expiring URLs. */
describe('a multimedia message through Twilio, files on disk', () => {
  const twilio = useTwilioTestApp({ authToken: 'twilio-auth-token-attachments', publicUrl: PUBLIC_URL });

  it('hands Twilio a MediaUrl per file, signed and expiring, that the app serves without a session', async () => {
    const { t } = twilio;
    const mediaUrls = await sendPicture(twilio);
    expect(mediaUrls).toHaveLength(1);
    const url = new URL(mediaUrls[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/storage/download`);
    const expires = Number(url.searchParams.get('expires'));
    // An hour, to the whole second the URL carries.
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(3601_000);
    const served = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect([
      served.statusCode,
      served.headers['content-type'],
      served.headers['x-content-type-options'],
    ]).toEqual([200, 'image/jpeg', 'nosniff']);
    url.searchParams.set('expires', String(expires + 60));
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(404);
  });
});

describe('a multimedia message through Twilio, files on S3', () => {
  let s3: Awaited<ReturnType<typeof startS3StandIn>> | null = null;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(async () => {
    await s3?.close();
  });
  const twilio = useTwilioTestApp({
    authToken: 'twilio-auth-token-attachments-s3',
    publicUrl: PUBLIC_URL,
    config: () => s3!.config(),
  });

  it('hands Twilio a MediaUrl per file presigned by the bucket for an hour, which the bucket serves', async () => {
    const mediaUrls = await sendPicture(twilio);
    expect(mediaUrls).toHaveLength(1);
    const url = new URL(mediaUrls[0]!);
    // The bucket serves it, not the app: Twilio fetches from S3 itself.
    expect(url.origin).toBe(s3!.endpoint);
    expect([url.searchParams.get('X-Amz-Expires'), url.searchParams.get('X-Amz-SignedHeaders')]).toEqual([
      '3600',
      'host',
    ]);
    expect(presignedSignatureHolds(url.toString(), 'S3RVER')).toBe(true);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    // A longer life written into the URL breaks its signature: S3 refuses it.
    url.searchParams.set('X-Amz-Expires', '604800');
    expect(presignedSignatureHolds(url.toString(), 'S3RVER')).toBe(false);
  });
});
