import type { Message } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { useTwilioTestApp } from '../../carriers/messaging/twilio/testing/use-twilio-test-app';
import { photoWithGps, uploaded } from '../../test/attachment-requests';
import { buildInboxWithConversation } from '../../test/conversation-factories';

const PUBLIC_URL = 'https://accueil.example.test';
const twilio = useTwilioTestApp({ authToken: 'twilio-auth-token-attachments', publicUrl: PUBLIC_URL });

/* An MMS through Twilio (docs/behaviour/attachments.md): Twilio fetches the files from signed, expiring URLs the app serves. */
describe('a multimedia message through Twilio', () => {
  it('hands Twilio a MediaUrl per file, signed and expiring, that the app serves without a session', async () => {
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
    const mediaUrls = request.form.getAll('MediaUrl');
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
